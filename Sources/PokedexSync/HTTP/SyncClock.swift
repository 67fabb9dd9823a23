#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
