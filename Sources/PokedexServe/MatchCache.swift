import Synchronization

/// Where each recently served body's links are (``LinkRewriter/matches(in:)``), by its entity
/// tag: finding them is most of a detail's cost, and they are a few kilobytes where the body is
/// a hundred. The tag changes with the stored body and with what the links become, so an entry
/// is never stale. Bounded: past `limit` bytes, the oldest entries go.
final class MatchCache: Sendable {
    private struct State {
        var entries: [String: LinkRewriter.Matches] = [:]
        /// Tags oldest first, from `oldest` on: the ones before it are gone, dropped from the
        /// array only now and then, so that evicting is not a shift of every tag (a GitHub page
        /// evicts up to a hundred entries of tens of thousands).
        var order: [String] = []
        var oldest = 0
        var bytes = 0
    }

    private let state = Mutex(State())
    private let limit: Int

    init(limit: Int = 8 << 20) {
        self.limit = limit
    }

    /// The matches kept under `tag`, if any.
    func matches(_ tag: String) -> LinkRewriter.Matches? {
        state.withLock { $0.entries[tag] }
    }

    /// Keeps `matches` under `tag` for next time.
    func keep(_ matches: LinkRewriter.Matches, for tag: String) {
        state.withLock { state in
            guard state.entries.updateValue(matches, forKey: tag) == nil else { return }
            state.order.append(tag)
            state.bytes += Self.size(matches, tag)
            while state.bytes > limit, state.oldest < state.order.count {
                let evicted = state.order[state.oldest]
                state.oldest += 1
                if let gone = state.entries.removeValue(forKey: evicted) { state.bytes -= Self.size(gone, evicted) }
            }
            if state.oldest > state.order.count / 2 {
                state.order.removeFirst(state.oldest)
                state.oldest = 0
            }
        }
    }

    /// The tags kept, oldest first.
    var tags: [String] { state.withLock { Array($0.order[$0.oldest...]) } }

    /// What an entry counts for: its matches, its tag, and the dictionary's and array's share.
    private static func size(_ matches: LinkRewriter.Matches, _ tag: String) -> Int {
        matches.byteCount + tag.utf8.count + 64
    }
}
