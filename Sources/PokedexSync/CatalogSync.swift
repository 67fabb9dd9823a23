import Foundation
import PokedexStore
#if canImport(Glibc)
import Glibc
#endif

/// What part of the catalog to sync and how hard to push the server.
public struct CatalogSyncOptions: Sendable {
    /// Index of the first list entry to take.
    public var offset: Int
    /// How many list entries to take; nil takes all of them.
    public var limit: Int?
    /// Detail downloads in flight at once.
    public var concurrency: Int
    /// Entries asked for per list request.
    public var pageSize: Int
    /// How each request's transient failures are retried.
    public var retry: RetryPolicy
    /// Stored details downloaded or confirmed current less than this many seconds ago are
    /// reused without a request; older ones are revalidated. nil revalidates every one.
    public var maximumDetailAgeSeconds: Int?

    public static let defaultConcurrency = 8
    public static let defaultPageSize = 100

    public init(offset: Int = 0, limit: Int? = nil, concurrency: Int = Self.defaultConcurrency,
                pageSize: Int = Self.defaultPageSize, retry: RetryPolicy = .standard,
                maximumDetailAgeSeconds: Int? = nil) {
        self.offset = offset
        self.limit = limit
        self.concurrency = concurrency
        self.pageSize = pageSize
        self.retry = retry
        self.maximumDetailAgeSeconds = maximumDetailAgeSeconds
    }
}

/// What a catalog sync did.
public struct CatalogSyncReport: Sendable, Equatable {
    public var pages = 0
    public var entries = 0
    public var detailsDownloaded = 0
    /// Details the server answered 304 Not Modified for: stored bodies still current.
    public var detailsUnchanged = 0
    /// Stored details young enough to reuse without asking.
    public var detailsReused = 0
}

/// Progress after each committed page.
public struct CatalogSyncProgress: Sendable {
    public let report: CatalogSyncReport
    /// The list's total size as the server last reported it.
    public let listCount: Int
}

/// Syncs PokeAPI's Pokémon list and every listed Pokémon's details into the store, one list
/// page per transaction: whatever was committed survives a failure later in the run.
public struct CatalogSync: Sendable {
    public let client: HTTPClient
    public let baseURL: URL
    private let writer: CatalogWriter

    /// Detail bodies that may wait for an earlier page's last detail before new downloads
    /// pause. A normal sync holds a few bodies here; a detail held up by retries holds back
    /// its page and so everything after it. Pausing then is what the server asked for (429,
    /// 5xx), and it bounds memory: with 3 % of details answered 429 `Retry-After: 1`, a full
    /// sync took 7.1 s holding whole pages (153 MB peak RSS), 10.6 s with 16 MB here (63 MB),
    /// 9.0 s with 32 MB (78 MB); measured.
    static let waitingBodyBytesLimit = 16 << 20

    /// The sync takes the catalog over: its connection is used by the writer alone.
    public init(client: HTTPClient, baseURL: URL, catalog: sending PokemonCatalog) {
        self.client = client
        self.baseURL = baseURL
        self.writer = CatalogWriter(catalog: catalog)
    }

    public func run(
        _ options: CatalogSyncOptions, progress: @escaping @Sendable (CatalogSyncProgress) -> Void = { _ in }
    ) async throws -> CatalogSyncReport {
        Self.shareMallocArenas()
        var state = RunState(remaining: options.limit ?? Int.max,
                             stored: try await writer.storedDetails(maximumAgeSeconds: options.maximumDetailAgeSeconds))
        guard state.remaining > 0 else { return try await writer.finish() }
        let concurrency = max(1, options.concurrency)
        let retry = options.retry
        var nextList: Task<PageDownload, any Error>? = startList(
            .pokemonList(offset: options.offset, limit: min(options.pageSize, state.remaining)), retry: retry)
        let client = client, baseURL = baseURL, writer = writer
        // The writer keeps the first unfinished page's transaction open and stores each of
        // its details as it arrives, while this loop keeps a window of detail downloads busy
        // across page boundaries. No page's bodies are held until it is complete: memory holds
        // the downloads in flight, the details that arrived before an earlier page's last one
        // (new downloads pause while `waitingBodyBytesLimit` of them wait; entries start in
        // list order, so that last one is in flight and the pause ends) and what is queued for
        // the writer (bounded too), whatever the catalog's size. After a failure nothing new
        // starts, but downloads in flight are collected and every page they complete is still
        // committed: work already done is kept. Cancellation (a signal) stops the same way.
        var failure: (any Error)?
        await withThrowingTaskGroup(of: (page: Int, download: DetailDownload).self) { group in
            var inFlight = 0
            while true {
                do {
                    while failure == nil && inFlight < concurrency
                        && state.waitingBodyBytes < Self.waitingBodyBytesLimit {
                        try Task.checkCancellation()
                        if let item = state.queue.popFirst() {
                            group.addTask {
                                (item.page, try await Self.downloadDetails(
                                    of: item.entry, etag: item.etag, client: client, baseURL: baseURL, retry: retry))
                            }
                            inFlight += 1
                        } else if let listTask = nextList {
                            nextList = try state.accept(try await listTask.value).map {
                                startList(.resource($0), retry: retry)
                            }
                            try await writer.send(state.takeWrites(), progress: progress)
                        } else {
                            break
                        }
                    }
                } catch {
                    failure = error
                }
                guard inFlight > 0 else { break }
                do {
                    defer { inFlight -= 1 }
                    let result = try await group.next()!
                    state.record(result.download, page: result.page)
                    try await writer.send(state.takeWrites(), progress: progress)
                } catch {
                    failure = failure ?? error
                }
            }
        }
        nextList?.cancel()
        let report: CatalogSyncReport
        do {
            report = try await writer.finish()
        } catch {
            throw failure ?? error
        }
        if let failure { throw failure }
        return report
    }

    /// The bookkeeping of one run: entries waiting for a download slot, and pages waiting
    /// for their details, of which only the first is being written.
    private struct RunState {
        struct QueuedEntry {
            let page: Int
            let entry: PokemonListEntry
            let etag: String?
        }

        struct PendingPage {
            let start: PageStart
            /// Details not downloaded yet.
            var outstanding: Int
            /// Details downloaded or confirmed but not handed to the writer yet.
            var arrived: [PageWrite] = []
        }

        var remaining: Int
        let stored: [Int: PokemonCatalog.StoredDetail]
        var queue: ArraySlice<QueuedEntry> = []
        /// Pages not committed yet, in list order; the first has number `firstPendingPage`.
        var pending: [PendingPage] = []
        var firstPendingPage = 0
        /// Whether the writer began the first pending page.
        var firstPendingPageBegun = false
        /// Bytes of detail bodies held for pages after the first pending one, which the
        /// writer cannot take yet.
        private(set) var waitingBodyBytes = 0
        var visited: Set<URL> = []

        /// Queues a list page's entries (up to the limit) and returns the next page's link
        /// when more entries are wanted.
        mutating func accept(_ page: PageDownload) throws -> String? {
            guard visited.insert(page.url).inserted else {
                throw FetchError.undecodable(url: page.url.absoluteString,
                                             reason: "the list's next link loops back to a page already read",
                                             bodyPrefix: "")
            }
            let entries = Array(page.entries.prefix(remaining))
            remaining -= entries.count
            let number = firstPendingPage + pending.count
            let wanted = entries.filter { stored[$0.id]?.isFresh != true }
            pending.append(PendingPage(
                start: PageStart(entries: entries, reused: entries.count - wanted.count, listCount: page.count),
                outstanding: wanted.count))
            queue.append(contentsOf: wanted.map { QueuedEntry(page: number, entry: $0, etag: stored[$0.id]?.etag) })
            return remaining > 0 && !page.entries.isEmpty ? page.next : nil
        }

        mutating func record(_ download: DetailDownload, page: Int) {
            let index = page - firstPendingPage
            pending[index].outstanding -= 1
            let write = download.downloaded.map(PageWrite.details) ?? .confirmed(id: download.id)
            pending[index].arrived.append(write)
            if index > 0 { waitingBodyBytes += write.bodyBytes }
        }

        /// Removes and returns, in order, what the writer can do now: begin the first pending
        /// page, store what arrived for it, and commit it once all its details have arrived;
        /// then the same for the next page.
        mutating func takeWrites() -> [PageWrite] {
            var writes: [PageWrite] = []
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

    /// Caps glibc's malloc arenas at 2, so that threads from now on share the arenas there
    /// are instead of each getting one of its own (glibc allows 8 per core).
    ///
    /// Each detail body is allocated on URLSession's thread, copied on a task's, and copied
    /// again into SQLite on the writer's; an arena keeps what is freed in it for its own
    /// threads to reuse, so with an arena per thread each kept its own megabytes of freed
    /// body-sized chunks: peak RSS of a full sync 65 → 58 MB with the cap, same wall time
    /// (measured on 2 cores). `mallopt` is looked up because the Glibc module lacks malloc.h.
    private static func shareMallocArenas() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (_ parameter: Int32, _ value: Int32) -> Int32
        let arenaMaximum: Int32 = -8  // M_ARENA_MAX
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaximum, 2)
        #endif
    }

    // MARK: List pages

    private struct PageDownload: Sendable {
        let url: URL
        let count: Int
        let entries: [PokemonListEntry]
        let next: String?
    }

    private func startList(_ endpoint: PokeAPIEndpoint, retry: RetryPolicy) -> Task<PageDownload, any Error> {
        let client = client, baseURL = baseURL
        return Task {
            let request = try endpoint.request(baseURL: baseURL)
            return try await client.fetch(request, retrying: retry) { response in
                let page = try JSONResponse.pokemonListPage(from: response)
                var entries: [PokemonListEntry] = []
                for result in page.results {
                    do {
                        entries.append(PokemonListEntry(id: try PokemonResource.id(fromURL: result.url),
                                                        name: result.name, url: result.url))
                    } catch {
                        throw JSONResponse.undecodable(response, reason: "\(error)")
                    }
                }
                return PageDownload(url: request.url, count: page.count, entries: entries, next: page.next)
            }
        }
    }

    // MARK: Details

    private struct DetailDownload: Sendable {
        let id: Int
        /// nil when the server confirmed the stored body is current (304).
        let downloaded: DownloadedDetails?
    }

    private static func downloadDetails(
        of entry: PokemonListEntry, etag: String?, client: HTTPClient, baseURL: URL, retry: RetryPolicy
    ) async throws -> DetailDownload {
        let request = try PokeAPIEndpoint.resource(entry.url).request(baseURL: baseURL, etag: etag)
        return try await client.fetch(request, retrying: retry) { response in
            if response.status == 304, etag != nil { return DetailDownload(id: entry.id, downloaded: nil) }
            let details = try JSONResponse.pokemonDetails(from: response)
            guard details.id == entry.id else {
                throw JSONResponse.undecodable(
                    response, reason: "detail has id \(details.id) but the list entry \"\(entry.name)\" has id \(entry.id)")
            }
            return DetailDownload(id: entry.id, downloaded: DownloadedDetails(
                details: details, body: [UInt8](response.body), etag: response.header("ETag")))
        }
    }
}

/// A list page's entries, which the writer stores when it begins the page, and what the
/// page adds to the report once committed.
struct PageStart: Sendable {
    let entries: [PokemonListEntry]
    /// Stored details young enough to need no request.
    let reused: Int
    let listCount: Int
}

/// One step of writing a list page, in the order the writer must take them.
enum PageWrite: Sendable {
    case begin(PageStart)
    case details(DownloadedDetails)
    /// The server confirmed the stored details unchanged (304).
    case confirmed(id: Int)
    case commit

    /// The size of the detail body this write holds, which is what memory bounds count.
    var bodyBytes: Int {
        if case .details(let downloaded) = self { downloaded.body.count } else { 0 }
    }
}

/// Owns the catalog's connection during a sync and writes on a serial queue of its own, in
/// the order writes are sent, so pages are committed in list order, each in one transaction.
///
/// Senders hand writes over and go on. SQLite blocks in I/O (a commit may checkpoint the
/// WAL, with fsyncs), and Swift concurrency runs every task on as many threads as there are
/// cores: writing on one of them, as an actor does, held back downloads and scanning (a full
/// sync took ≈15 % longer on 2 cores, measured). A send waits only while more than
/// `queuedBodyBytesLimit` bytes of detail bodies are queued, which bounds memory when the
/// disk is slower than the network.
///
/// After a failed write nothing more is written: the page being written is rolled back, and
/// later pages would lack it. Sends and `finish` throw that failure from then on.
final class CatalogWriter: @unchecked Sendable {
    /// Detail bodies queued beyond which `send` waits. A commit checkpoints the WAL, which
    /// takes the writer ≈0.1 s per 26 MB page of early Pokémon, and downloads should not
    /// stall meanwhile. Full sync on 2 cores against loopback, measured: 4 MB made it 10–17 %
    /// slower than holding whole pages, 8 MB 2 %, 12 MB or more not at all; peak RSS was
    /// 50, 54, 57.5 MB with 4, 8, 12 MB, and no higher with 16 or 24 MB.
    static let queuedBodyBytesLimit = 12 << 20

    private struct OpenPage {
        let start: PageStart
        var downloaded = 0
        var unchanged = 0
    }

    private let queue = DispatchQueue(label: "pokedex.catalog-writer")
    // Used on `queue` only.
    private let catalog: PokemonCatalog
    private var report = CatalogSyncReport()
    private var openPage: OpenPage?

    // Shared by the sender and `queue`, under `lock`.
    private let lock = NSLock()
    private var queuedBodyBytes = 0
    private var waitingSender: CheckedContinuation<Void, Never>?
    private var failure: (any Error)?

    init(catalog: sending PokemonCatalog) {
        // The sync writes each body once, to fresh overflow pages, and reads back only the
        // few b-tree pages above them: most of SQLite's default 2 MB cache would hold pages
        // nothing reads again (peak RSS −2 MB with 512 KB, same wall time; measured).
        try? catalog.database.execute("PRAGMA cache_size = -512")
        self.catalog = catalog
    }

    func storedDetails(maximumAgeSeconds: Int?) async throws -> [Int: PokemonCatalog.StoredDetail] {
        try await onQueue { writer in try writer.catalog.storedDetails(maximumAgeSeconds: maximumAgeSeconds) }
    }

    /// Queues `writes` behind those sent before, waiting first while the queue is full. For
    /// one sender at a time. Throws the failure of an earlier write.
    func send(_ writes: [PageWrite], progress: @escaping @Sendable (CatalogSyncProgress) -> Void) async throws {
        guard !writes.isEmpty else { return }
        let bytes = writes.reduce(0) { $0 + $1.bodyBytes }
        let isFull = try lock.withLock {
            if let failure { throw failure }
            queuedBodyBytes += bytes
            return queuedBodyBytes > Self.queuedBodyBytesLimit
        }
        queue.async {
            self.perform(writes, progress: progress)
            let sender: CheckedContinuation<Void, Never>? = self.lock.withLock {
                self.queuedBodyBytes -= bytes
                guard self.hasRoom else { return nil }
                defer { self.waitingSender = nil }
                return self.waitingSender
            }
            sender?.resume()
        }
        guard isFull else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let mayGoOn = lock.withLock {
                if !hasRoom { waitingSender = continuation }
                return hasRoom
            }
            if mayGoOn { continuation.resume() }
        }
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    /// Under `lock`: whether a sender may go on (after a failure nothing is queued any more).
    private var hasRoom: Bool { queuedBodyBytes <= Self.queuedBodyBytesLimit || failure != nil }

    /// Waits for every write sent, rolls back the page a failure or a signal left unfinished,
    /// and returns what was committed. Throws the failure of a write.
    func finish() async throws -> CatalogSyncReport {
        try await onQueue { writer in
            writer.rollBackOpenPage()
            if let failure = writer.lock.withLock({ writer.failure }) { throw failure }
            return writer.report
        }
    }

    /// Runs `body` on `queue`, after every write sent, and returns its result. The block holds
    /// the writer unowned, so that the waiting caller, not the queue's thread, drops the last
    /// reference: with it goes the connection, whose closing checkpoints the WAL into the
    /// database file. Dropped on the queue's thread, it was at times after the process had
    /// exited, which left the last pages in the WAL file (seen in 9 syncs of 20).
    private func onQueue<Value: Sendable>(
        _ body: @escaping @Sendable (CatalogWriter) throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [unowned self] in continuation.resume(with: Result { try body(self) }) }
        }
    }

    private func perform(_ writes: [PageWrite], progress: @Sendable (CatalogSyncProgress) -> Void) {
        guard lock.withLock({ failure == nil }) else { return }
        do {
            for write in writes {
                try perform(write, progress: progress)
            }
        } catch {
            lock.withLock { failure = error }
            rollBackOpenPage()
        }
    }

    private func perform(_ write: PageWrite, progress: @Sendable (CatalogSyncProgress) -> Void) throws {
        switch write {
        case .begin(let start):
            try catalog.beginPage(entries: start.entries)
            openPage = OpenPage(start: start)
        case .details(let downloaded):
            try catalog.saveDetails(downloaded)
            openPage?.downloaded += 1
        case .confirmed(let id):
            try catalog.confirmDetails(id: id)
            openPage?.unchanged += 1
        case .commit:
            try catalog.commitPage()
            guard let page = openPage else { return }
            openPage = nil
            report.pages += 1
            report.entries += page.start.entries.count
            report.detailsDownloaded += page.downloaded
            report.detailsUnchanged += page.unchanged
            report.detailsReused += page.start.reused
            progress(CatalogSyncProgress(report: report, listCount: page.start.listCount))
        }
    }

    private func rollBackOpenPage() {
        guard openPage != nil else { return }
        catalog.rollBackPage()
        openPage = nil
    }
}
