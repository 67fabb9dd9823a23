import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: one URLSession per server with keep-alive, no URL cache
/// (conditional requests are pokedex's own business), and a cap on connections per host.
public enum URLSessionTransport {
    public static let factory = HTTPTransportFactory { connections, timeoutSeconds in
        transport(maximumConnectionsPerHost: connections, timeout: TimeInterval(timeoutSeconds))
    }

    public static func transport(
        maximumConnectionsPerHost: Int,
        timeout: TimeInterval = TimeInterval(HTTPClient.defaultTimeoutSeconds)
    )
        -> HTTPClient.Transport
    {
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
        return { request in
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
            for case (let name as String, let value as String) in http.allHeaderFields {
                headers[name] = value
            }
            return HTTPResponse(url: http.url ?? request.url, status: http.statusCode, headers: headers, body: body)
        }
    }

    /// What went wrong, in the words of an `Error:` line.
    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .notConnectedToInternet: return "no network connection"
        case .networkConnectionLost: return "connection lost"
        default: return error.localizedDescription
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
