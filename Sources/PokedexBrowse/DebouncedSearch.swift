import Synchronization

/// Search as you type: each change of the text starts the query only after `delay` without
/// another, a newer text cancels the query of an older one, and a result is accepted only for
/// the latest text. Time is what the caller says it is (a reading of a clock since some start),
/// so tests drive it step by step.
public struct DebouncedSearch: Sendable {
    public let delay: Duration
    public private(set) var text = ""
    private var generation = 0
    private var dueAt: Duration?
    private var running: SearchRequest?

    public init(delay: Duration = .milliseconds(100)) {
        self.delay = delay
    }

    /// The text changed at `now`: its query is due `delay` later, and one running is cancelled.
    public mutating func textChanged(to text: String, at now: Duration) {
        schedule(text, at: now + delay)
    }

    /// The text changed by a jump, not typing: its query is due at once.
    public mutating func runNow(_ text: String, at now: Duration) {
        schedule(text, at: now)
    }

    /// What a running query reads was read again: it is cancelled, and its text queried again
    /// at once (time zero is before any `now`).
    public mutating func restartRunning() {
        guard running != nil else { return }
        schedule(text, at: .zero)
    }

    private mutating func schedule(_ text: String, at time: Duration) {
        self.text = text
        generation += 1
        dueAt = time
        running?.cancellation.cancel()
        running = nil
    }

    /// The query to start now, once its delay has passed; nil before, and after it started.
    public mutating func dueRequest(at now: Duration) -> SearchRequest? {
        guard let dueAt, now >= dueAt else { return nil }
        self.dueAt = nil
        let request = SearchRequest(generation: generation, text: text)
        running = request
        return request
    }

    /// How long until a query is due; nil when none waits.
    public func timeUntilDue(at now: Duration) -> Duration? {
        dueAt.map { max(.zero, $0 - now) }
    }

    /// Whether a finished query's result is for the latest text (else it is dropped).
    public mutating func accepts(_ request: SearchRequest) -> Bool {
        guard request.generation == generation, !request.cancellation.isCancelled else { return false }
        running = nil
        return true
    }
}
