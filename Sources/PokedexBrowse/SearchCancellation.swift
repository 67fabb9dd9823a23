import Synchronization

/// Set when a newer text makes a query useless; the query checks it as it goes.
public final class SearchCancellation: Sendable {
    private let cancelled = Atomic(false)

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func cancel() { cancelled.store(true, ordering: .relaxed) }
}
