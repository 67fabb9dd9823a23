import Synchronization

/// Where each recently served body's links are (``LinkRewriter/matches(in:)``), by its entity
/// tag: finding them is most of a detail's cost, and they are a few kilobytes where the body is
/// a hundred. The tag changes with the stored body and with what the links become, so an entry
/// is never stale. Bounded: past `limit` bytes, the oldest entries go.
final class MatchCache: Sendable {
    private struct State {
        var entries: [String: LinkRewriter.Matches] = [:]
        var order: [String] = []
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
        let size = matches.byteCount + tag.utf8.count + 64
        state.withLock { state in
            guard state.entries.updateValue(matches, forKey: tag) == nil else { return }
            state.order.append(tag)
            state.bytes += size
            while state.bytes > limit, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                let evicted = state.entries.removeValue(forKey: oldest)?.byteCount ?? 0
                state.bytes -= evicted + oldest.utf8.count + 64
            }
        }
    }
}
