#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a walk saw: the items it received, and what tells where the list moved under it.
struct GitHubListWalkResult {
    /// The first page was answered 304: nothing changed since the stored ETag.
    var notModified = false
    var pages = 0
    /// Every item received: the page (from 0) it was first read on, and its update then.
    private var firstSeen: [Int: Sighting] = [:]
    /// Each page's earliest and latest update, and when the server answered it (`Date`).
    private var earliestUpdates: [String?] = []
    private var latestUpdates: [String?] = []
    private var servedAt: [Date?] = []
    /// The items that came again, updated, each with the page it was first read on and the
    /// update it came again with: it moved from that page to the end then, while the walk went on.
    private var moves: [(page: Int, updated: String?)] = []
    /// How many items of the page noted last came again updated.
    private(set) var movedOnLastPage = 0

    /// Where and as what an item was first read.
    struct Sighting {
        let page: Int32
        /// Its `updated_at` in seconds since 1970, 0 for none.
        let updated: UInt32

        init(page: Int, updated: String?) {
            self.page = Int32(clamping: page)
            self.updated = UInt32(clamping: Int(updated.flatMap(GitHubTimestamp.date)?.timeIntervalSince1970 ?? 0))
        }
    }

    /// The ids of every item received.
    var ids: Dictionary<Int, Sighting>.Keys { firstSeen.keys }

    /// Notes a page's items; returns how many were not read before in this walk.
    mutating func note<Item>(_ items: [Item], reading: GitHubListReading<Item>, servedAt date: Date?) -> Int {
        var new = 0
        var updates: [String] = []
        movedOnLastPage = 0
        for item in items {
            let id = reading.id(item)
            let updated = reading.dates(item)?.updated
            if let updated { updates.append(updated) }
            let sighting = Sighting(page: pages, updated: updated)
            if let first = firstSeen[id] {
                // The same item as it was, again, is a server repeating itself, not a move.
                guard Int(first.page) < pages, first.updated != sighting.updated else { continue }
                moves.append((Int(first.page), updated))
                movedOnLastPage += 1
            } else {
                firstSeen[id] = sighting
                new += 1
            }
        }
        earliestUpdates.append(updates.min())
        latestUpdates.append(updates.max())
        servedAt.append(date)
        return new
    }

    /// Notes items read again by date; returns how many this walk had not received.
    mutating func noteReread<Item>(_ items: [Item], reading: GitHubListReading<Item>) -> Int {
        items.reduce(0) { new, item in
            let id = reading.id(item)
            guard firstSeen[id] == nil else { return new }
            firstSeen[id] = Sighting(page: pages, updated: reading.dates(item)?.updated)
            return new + 1
        }
    }

    /// The stretches of the list, by update, where an item may have been passed over: an item
    /// moving to the end put the one first on the next page served after it onto a page already
    /// read, between that page's latest update and the next one's earliest. Which page was
    /// served next is told by the pages' `Date` and the item's new `updated_at`, both GitHub's
    /// clocks to the second, a second either way; without them, from its first page to the end.
    func stretchesToReread() -> [(since: String, through: String?)] {
        var stretches: [(since: String, through: String?)] = []
        for move in moves {
            var (first, last) = (move.page + 1, pages)
            if let moved = move.updated.flatMap(GitHubTimestamp.date),
                servedAt[first..<pages].allSatisfy({ $0 != nil })
            {
                first = (first..<pages).first { servedAt[$0]! >= moved.addingTimeInterval(-1) } ?? pages
                last = (first..<pages).first { servedAt[$0]! > moved.addingTimeInterval(1) } ?? pages
            }
            guard first < pages, let since = latestUpdates[..<first].last(where: { $0 != nil }) ?? nil else { continue }
            stretches.append((since, last < pages ? earliestUpdates[last] : nil))
        }
        // Overlapping stretches read once.
        var merged: [(since: String, through: String?)] = []
        for stretch in stretches.sorted(by: { $0.since < $1.since }) {
            if let last = merged.last, last.through.map({ stretch.since <= $0 }) ?? true {
                merged[merged.count - 1].through =
                    last.through.flatMap { end in stretch.through.map { max(end, $0) } }
            } else {
                merged.append(stretch)
            }
        }
        return merged
    }
}
