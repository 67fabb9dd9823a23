import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET request as the sync engine sees it.
public struct HTTPRequest: Sendable {
    public var url: URL
    public var headers: [String: String]
    /// The largest body (as decoded, after gzip) the caller accepts: the transport refuses a
    /// longer one with `FetchError.tooLarge` as soon as it is crossed, so what a server sends
    /// cannot grow memory past it. Each endpoint sets the bound of its resource kind.
    public var maximumBodyBytes: Int

    public init(url: URL, headers: [String: String] = [:], maximumBodyBytes: Int) {
        self.url = url
        self.headers = headers
        self.maximumBodyBytes = maximumBodyBytes
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
/// tests), the clock its retries wait on, and counters of what went over the wire.
public struct HTTPClient: Sendable {
    public typealias Transport = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let transport: Transport
    public let clock: SyncClock
    public let statistics = TransferStatistics()

    public static let defaultTimeoutSeconds = 30

    /// How many idle timeouts one request may take in all: a body that keeps arriving, however
    /// slowly, is given up on after this (2 min with the default 30 s timeout).
    public static let deadlineMultiple = 4

    public init(clock: SyncClock = .system, transport: @escaping Transport) {
        self.clock = clock
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
        (error as? URLError).map(URLSessionTransport.describe) ?? "\(error)"
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
