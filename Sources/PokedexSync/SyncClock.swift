import Foundation

/// What the sync engine knows of time: the wall clock (rate-limit resets are wall times)
/// and waiting (retries, rate limits). The caller supplies it, so tests can run the engine's
/// waits without waiting.
public struct SyncClock: Sendable {
    public var now: @Sendable () -> Date
    /// Waits `duration`; throws `CancellationError` when the task is cancelled meanwhile.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    public static let system = SyncClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}

/// How a sync job's requests leave the process: it asks for one transport per server, with
/// the connections to it and the per-request timeout that server's sync wants. The entry
/// point supplies the production one (`URLSessionTransport`); tests supply closures.
public struct HTTPTransportFactory: Sendable {
    public var make: @Sendable (_ maximumConnectionsPerHost: Int, _ timeoutSeconds: Int) -> HTTPClient.Transport

    public init(
        make:
            @escaping @Sendable (_ maximumConnectionsPerHost: Int, _ timeoutSeconds: Int)
            -> HTTPClient.Transport
    ) {
        self.make = make
    }
}
