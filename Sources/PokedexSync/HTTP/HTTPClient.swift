import BodyCoding
import HTTPTypes
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A small HTTP client value: a transport closure (libcurl in production, a stub in
/// tests), the clock its retries wait on, and counters of what went over the wire.
public struct HTTPClient: Sendable {
    private let transport: HTTPTransport
    public let clock: SyncClock
    public let statistics = TransferStatistics()
    /// Told of each wait before a failed request is sent again, so that it can be shown.
    let onRetry: @Sendable (RetryNotice) -> Void

    public init(
        clock: SyncClock = .system, transport: @escaping HTTPTransport,
        onRetry: @escaping @Sendable (RetryNotice) -> Void = { _ in }
    ) {
        self.clock = clock
        self.transport = transport
        self.onRetry = onRetry
    }

    /// Sends the request, asking for gzip, and returns the answer decoded; transport failures
    /// become `FetchError.unreachable` naming the URL. Any HTTP status is returned, not
    /// thrown: callers decide what each one means.
    public func send(_ request: HTTPRequest) async throws(FetchError) -> HTTPResponse {
        let request = Self.onTheWire(request)
        let response: HTTPResponse
        statistics.started()
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
