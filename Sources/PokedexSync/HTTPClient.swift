import Foundation

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

/// A small HTTP client value: a transport closure (libcurl in production, a stub in
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
        } catch {
            // A failed attempt is a request all the same.
            statistics.record(bytes: 0)
            throw error as? FetchError ?? .unreachable(url: request.url.absoluteString, reason: "\(error)")
        }
        statistics.record(bytes: response.body.count)
        return response
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
