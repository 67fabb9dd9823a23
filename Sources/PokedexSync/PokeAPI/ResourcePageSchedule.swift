import HTTPTypes
import PokedexStore
import SyncSettings

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Pokémon catalog's schedule.
typealias CatalogPageSchedule = ResourcePageSchedule<DownloadedDetails>

/// A detail body as downloaded for one resource kind, as the schedule and the writer count it.
protocol PageBody: Sendable {
    /// The memory a download holds while it waits for its page.
    var bodyBytes: Int { get }
}

// What waits in memory is the stored form, compressed, and a Pokémon's learnset: hundreds of
// rows of three slugs, which outweigh its compressed body (a whole sync peaked at 98 MB with
// only the bodies counted, against 40 MB before learnsets were kept).
extension DownloadedDetails: PageBody {
    var bodyBytes: Int { body.bytes.count + details.moves.count * 2 * MemoryLayout<LearnedMove>.stride }
}

extension DownloadedResource: PageBody {
    var bodyBytes: Int { body.bytes.count }
}

/// The page bookkeeping of one resource sync (the Pokémon, types, abilities, …), apart from
/// any I/O: which list entries wait for a download slot, which pages wait for their details,
/// and what the writer may do next.
///
/// Pages are committed in list order, each once all its details have arrived; only the first
/// pending page is open in the writer, and the details that arrive for the pages after it
/// wait here. Their bytes are the memory bound: while `waitingBodyBytesLimit` of them wait, no
/// new download starts (entries start in list order, so the first page's last detail is in
/// flight and the pause ends).
struct ResourcePageSchedule<Downloaded: PageBody> {
    struct QueuedEntry: Equatable {
        let page: Int
        let entry: ResourceListEntry
        let etag: String?
    }

    /// One list page as downloaded.
    struct ListPage: Sendable {
        let url: URL
        let count: Int
        let entries: [ResourceListEntry]
        let next: String?
    }

    private struct PendingPage {
        let start: PageStart
        /// Details not downloaded yet.
        var outstanding: Int
        /// Details downloaded or confirmed but not handed to the writer yet.
        var arrived: [ResourcePageWrite<Downloaded>] = []
    }

    let waitingBodyBytesLimit: Int
    /// Entries per committed page: a list page larger than this is committed in parts.
    let commitSize: Int
    /// Entries still wanted (the `--limit` left).
    private(set) var remaining: Int
    private let stored: [Int: StoredDetail]
    private var queue: ArraySlice<QueuedEntry> = []
    /// Pages not committed yet, in list order; the first has number `firstPendingPage`.
    private var pending: [PendingPage] = []
    private var firstPendingPage = 0
    /// Whether the writer began the first pending page.
    private var firstPendingPageBegun = false
    /// Bytes of detail bodies held for pages the writer has not begun, which it cannot take yet.
    private(set) var waitingBodyBytes = 0
    private var visited: Set<URL> = []
    /// Ids of every entry the list has brought so far.
    private var listed: Set<Int> = []

    init(
        limit: Int?, commitSize: Int = SyncDefaults.commitSize, stored: [Int: StoredDetail],
        waitingBodyBytesLimit: Int
    ) {
        self.remaining = limit ?? Int.max
        self.commitSize = max(1, commitSize)
        self.stored = stored
        self.waitingBodyBytesLimit = waitingBodyBytesLimit
    }

    /// Whether another download may start with `inFlight` running: within `concurrency`, and
    /// not while too many bodies wait for an earlier page.
    func mayStartDownload(inFlight: Int, concurrency: Int) -> Bool {
        inFlight < concurrency && waitingBodyBytes < waitingBodyBytesLimit
    }

    /// The next entry to download, in list order.
    mutating func nextDownload() -> QueuedEntry? { queue.popFirst() }

    /// Queues a list page's entries (up to the limit) that need a request, and returns the
    /// next page's link when more entries are wanted. A page already read (a `next` link
    /// that loops) is refused, and so is a page that brings no entry not listed before: each
    /// page linking a fresh `next` with the same entries would otherwise page forever.
    mutating func accept(_ page: ListPage) throws(FetchError) -> String? {
        guard visited.insert(page.url).inserted else {
            throw .undecodable(
                url: page.url.absoluteString,
                reason: "the list's next link loops back to a page already read", bodyPrefix: "")
        }
        let new = page.entries.reduce(0) { count, entry in count + (listed.insert(entry.id).inserted ? 1 : 0) }
        guard new > 0 || page.entries.isEmpty else {
            throw .undecodable(
                url: page.url.absoluteString,
                reason: "the list's page brings no entry not already listed, so its next link leads nowhere",
                bodyPrefix: "")
        }
        let entries = page.entries.prefix(remaining)
        remaining -= entries.count
        // An empty page is still one to commit, as the list's end.
        for start in stride(from: entries.startIndex, to: max(entries.endIndex, entries.startIndex + 1), by: commitSize)
        {
            let part = Array(entries[start..<min(entries.endIndex, start + commitSize)])
            let number = firstPendingPage + pending.count
            let wanted = part.filter { stored[$0.id]?.isFresh(at: $0.url) != true }
            pending.append(
                PendingPage(
                    start: PageStart(entries: part, reused: part.count - wanted.count, listCount: page.count),
                    outstanding: wanted.count))
            queue.append(
                contentsOf: wanted.map { QueuedEntry(page: number, entry: $0, etag: stored[$0.id]?.etag(at: $0.url)) })
        }
        return remaining > 0 && !page.entries.isEmpty ? page.next : nil
    }

    /// Records a detail that arrived for `page`: downloaded, or (nil) confirmed unchanged.
    mutating func record(_ downloaded: Downloaded?, id: Int, page: Int) {
        let index = page - firstPendingPage
        pending[index].outstanding -= 1
        let write = downloaded.map(ResourcePageWrite.details) ?? .confirmed(id: id)
        pending[index].arrived.append(write)
        if index > 0 || !firstPendingPageBegun { waitingBodyBytes += write.bodyBytes }
    }

    /// Records a detail of `page` that was refused (a body that cannot be used): the page
    /// commits without it, and what is stored of it, if anything, stays as it was.
    mutating func skip(page: Int) {
        pending[page - firstPendingPage].outstanding -= 1
    }

    /// Removes and returns, in order, what the writer can do now: begin the first pending
    /// page, store what arrived for it, and commit it once all its details have arrived; then
    /// the same for the next page.
    mutating func takeWrites() -> [ResourcePageWrite<Downloaded>] {
        var writes: [ResourcePageWrite<Downloaded>] = []
        while !pending.isEmpty {
            if !firstPendingPageBegun {
                writes.append(.begin(pending[0].start))
                firstPendingPageBegun = true
                // Until now these waited for an earlier page.
                waitingBodyBytes -= pending[0].arrived.reduce(0) { $0 + $1.bodyBytes }
            }
            writes.append(contentsOf: pending[0].arrived)
            pending[0].arrived = []
            guard pending[0].outstanding == 0 else { break }
            writes.append(.commit)
            pending.removeFirst()
            firstPendingPage += 1
            firstPendingPageBegun = false
        }
        return writes
    }
}

/// A list page's entries, which the writer stores when it begins the page, and what the
/// page adds to the report once committed.
struct PageStart: Sendable, Equatable {
    let entries: [ResourceListEntry]
    /// Stored details young enough to need no request.
    let reused: Int
    let listCount: Int
}

/// The Pokémon catalog's page writes.
typealias PageWrite = ResourcePageWrite<DownloadedDetails>

/// One step of writing a list page, in the order the writer must take them.
enum ResourcePageWrite<Downloaded: PageBody>: Sendable {
    case begin(PageStart)
    case details(Downloaded)
    /// The server confirmed the stored details unchanged (304).
    case confirmed(id: Int)
    case commit

    /// The size of the detail body this write holds, which is what memory bounds count.
    var bodyBytes: Int {
        if case .details(let downloaded) = self { downloaded.bodyBytes } else { 0 }
    }
}
