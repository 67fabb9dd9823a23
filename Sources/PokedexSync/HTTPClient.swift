import BodyCoding
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A GET request as the sync engine sees it.
public struct HTTPRequest: Sendable, Hashable {
    public var url: URL
    public var headers: [String: String]
    /// The largest body the caller accepts, as received and as decoded: the transport refuses
    /// a longer one with `FetchError.tooLarge` as soon as it is crossed, and so does decoding,
    /// so what a server sends cannot grow memory past it. Each endpoint sets the bound of its
    /// resource kind.
    public var maximumBodyBytes: Int

    public init(url: URL, headers: [String: String] = [:], maximumBodyBytes: Int) {
        self.url = url
        self.headers = headers
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// A response with its whole body. Header names are lower-cased. From a transport, `body` is
/// as the server sent it; `HTTPClient.send` returns it decoded.
public struct HTTPResponse: Sendable {
    public let url: URL
    public let status: Int
    public let headers: [String: String]
    public let body: Data
    /// The server's compressed form of `body`, as the store keeps it; nil when the body came
    /// uncompressed (or is not decoded yet).
    public let compressedBody: StoredBody?

    public init(url: URL, status: Int, headers: [String: String], body: Data) {
        self.init(
            url: url, status: status,
            headers: Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 }),
            body: body, compressedBody: nil)
    }

    private init(url: URL, status: Int, headers: [String: String], body: Data, compressedBody: StoredBody?) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.compressedBody = compressedBody
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as the store keeps it: the server's compression when it sent one, else
    /// compressed here (on the task that fetched it, not the writer's).
    public func storedBody() -> StoredBody {
        compressedBody ?? body.withUnsafeBytes { StoredBody.compressing($0) }
    }

    /// This response with its `Content-Encoding` undone, within the request's bound.
    func decoded(for request: HTTPRequest) throws(FetchError) -> HTTPResponse {
        let url = request.url.absoluteString
        let decoded: DecodedBody
        do {
            decoded = try ContentDecoding.decode(
                [UInt8](body), contentEncoding: header("content-encoding"), limit: request.maximumBodyBytes)
        } catch .tooLarge(let limit) {
            throw .tooLarge(url: url, limit: limit)
        } catch .unsupportedEncoding(let coding) {
            throw .undecodable(
                url: url, reason: "Content-Encoding '\(coding)', which pokedex did not ask for", bodyPrefix: "")
        } catch {
            // Damaged on the way, as a cut connection would leave it: worth another attempt.
            throw .unreachable(url: url, reason: error.description)
        }
        return HTTPResponse(
            url: self.url, status: status, headers: headers, body: Data(decoded.body), compressedBody: decoded.stored)
    }
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

    /// Sends the request, asking for gzip, and returns the answer decoded; transport failures
    /// become `FetchError.unreachable` naming the URL. Any HTTP status is returned, not
    /// thrown: callers decide what each one means.
    public func send(_ request: HTTPRequest) async throws(FetchError) -> HTTPResponse {
        let request = Self.onTheWire(request)
        let response: HTTPResponse
        do {
            response = try await transport(request).decoded(for: request)
        } catch {
            // A failed attempt is a request all the same.
            statistics.record(bytes: 0)
            throw error as? FetchError ?? .unreachable(url: request.url.absoluteString, reason: "\(error)")
        }
        statistics.record(bytes: response.body.count)
        return response
    }
}

extension HTTPClient {
    /// `request` as `send` hands it to the transport: asking for the encodings it decodes.
    static func onTheWire(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["Accept-Encoding"] = ContentDecoding.acceptEncoding
        return request
    }
}

/// Requests and body bytes seen by one client, safe to update from concurrent requests.
public final class TransferStatistics: Sendable {
    private let counts = Mutex((requests: 0, bytes: 0))

    func record(bytes: Int) {
        counts.withLock {
            $0.requests += 1
            $0.bytes += bytes
        }
    }

    public var requests: Int { counts.withLock { $0.requests } }
    public var bytes: Int { counts.withLock { $0.bytes } }
}
