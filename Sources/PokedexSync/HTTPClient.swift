import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GET request as the sync engine sees it.
public struct HTTPRequest: Sendable {
    public var url: URL
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// A response with its whole body. Header names are lower-cased.
public struct HTTPResponse: Sendable {
    public let url: URL
    public let status: Int
    public let headers: [String: String]
    public let body: Data

    public init(url: URL, status: Int, headers: [String: String], body: Data) {
        self.url = url
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A small HTTP client value: a transport closure (URLSession in production, a stub in
/// tests) plus counters of what went over the wire.
public struct HTTPClient: Sendable {
    public typealias Transport = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let transport: Transport
    public let statistics = TransferStatistics()

    public init(transport: @escaping Transport) {
        self.transport = transport
    }

    /// Sends the request; transport failures become `FetchError.unreachable` naming the URL.
    /// Any HTTP status is returned, not thrown: callers decide what each one means.
    public func send(_ request: HTTPRequest) async throws(FetchError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await transport(request)
        } catch let error as FetchError {
            throw error
        } catch {
            statistics.record(bytes: 0)
            throw .unreachable(url: request.url.absoluteString, reason: Self.describe(error))
        }
        statistics.record(bytes: response.body.count)
        return response
    }

    private static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return "\(error)" }
        switch urlError.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .notConnectedToInternet: return "no network connection"
        case .networkConnectionLost: return "connection lost"
        default: return urlError.localizedDescription
        }
    }
}

/// Requests and body bytes seen by one client, safe to update from concurrent requests.
public final class TransferStatistics: @unchecked Sendable {
    private let lock = NSLock()
    private var requestCount = 0
    private var byteCount = 0

    func record(bytes: Int) {
        lock.withLock {
            requestCount += 1
            byteCount += bytes
        }
    }

    public var requests: Int { lock.withLock { requestCount } }
    public var bytes: Int { lock.withLock { byteCount } }
}

extension HTTPClient {
    /// The production client: one URLSession with keep-alive, no URL cache (conditional
    /// requests are pokedex's own business), and a cap on connections per host.
    public static let defaultTimeoutSeconds = 30

    public static func urlSession(maximumConnectionsPerHost: Int,
                                  timeout: TimeInterval = TimeInterval(defaultTimeoutSeconds)) -> HTTPClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        // Without this, corelibs parses every response header line for cookies (≈10 % of a
        // sync's client CPU, measured), even with no cookie storage.
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration, delegate: RedirectPolicy(), delegateQueue: nil)
        return HTTPClient { request in
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = "GET"
            for (name, value) in request.headers {
                urlRequest.setValue(value, forHTTPHeaderField: name)
            }
            // A completion handler rather than `data(for:)`: on Linux, cancelling the async
            // variant while its transfer completes deadlocks swift-corelibs-foundation (seen
            // when a failed detail cancels its siblings), so task cancellation must not reach
            // URLSession. A cancelled sync simply lets in-flight requests finish.
            let (body, response): (Data, URLResponse) = try await withCheckedThrowingContinuation { continuation in
                session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }.resume()
            }
            guard let http = response as? HTTPURLResponse else {
                throw FetchError.unreachable(url: request.url.absoluteString, reason: "not an HTTP response")
            }
            var headers: [String: String] = [:]
            for case let (name as String, value as String) in http.allHeaderFields {
                headers[name] = value
            }
            return HTTPResponse(url: http.url ?? request.url, status: http.statusCode, headers: headers, body: body)
        }
    }
}

/// Follows redirects, but never carries credentials to another origin: Foundation on Linux
/// forwards `Authorization` to whatever host a redirect names.
final class RedirectPolicy: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(Self.redirect(request, from: task.originalRequest?.url ?? response.url))
    }

    /// The request to follow: `request` itself on the same origin, else without credentials.
    static func redirect(_ request: URLRequest, from origin: URL?) -> URLRequest {
        guard let target = request.url, let origin, target.hasSameOrigin(as: origin) else {
            var stripped = request
            stripped.setValue(nil, forHTTPHeaderField: "Authorization")
            return stripped
        }
        return request
    }
}

extension URL {
    /// Same scheme, host (any case) and port, default ports included: where credentials may go.
    func hasSameOrigin(as other: URL) -> Bool {
        scheme?.lowercased() == other.scheme?.lowercased() && host?.lowercased() == other.host?.lowercased()
            && effectivePort == other.effectivePort
    }

    private var effectivePort: Int? {
        port ?? (scheme?.lowercased() == "https" ? 443 : scheme?.lowercased() == "http" ? 80 : nil)
    }
}
