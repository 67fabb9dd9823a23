import Synchronization

/// Requests and body bytes seen by one client, and whether it is waiting for an answer: safe
/// to update from concurrent requests and to read from a progress display.
public final class TransferStatistics: Sendable {
    private struct Counts {
        var requests = 0
        var bytes = 0
        var inFlight = 0
        /// When the last answer (or failure) arrived, or the first request left.
        var lastActivity: ContinuousClock.Instant?
    }

    private let counts = Mutex(Counts())

    func started() {
        counts.withLock {
            if $0.inFlight == 0 && $0.lastActivity == nil { $0.lastActivity = .now }
            $0.inFlight += 1
        }
    }

    func record(bytes: Int) {
        counts.withLock {
            $0.requests += 1
            $0.bytes += bytes
            $0.inFlight -= 1
            $0.lastActivity = .now
        }
    }

    public var requests: Int { counts.withLock { $0.requests } }
    public var bytes: Int { counts.withLock { $0.bytes } }

    /// How long requests have been in flight with no answer arriving; nil while answers come
    /// or nothing is asked.
    public var waitingSince: ContinuousClock.Instant? {
        counts.withLock { $0.inFlight > 0 ? $0.lastActivity : nil }
    }
}
