import Foundation
import PokedexStore

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

    /// The sync takes the catalog over: its connection is used by the writer alone.
    public init(client: HTTPClient, baseURL: URL, catalog: sending PokemonCatalog) {
        self.client = client
        self.baseURL = baseURL
        self.writer = CatalogWriter(catalog: catalog)
    }

    public func run(
        _ options: CatalogSyncOptions, progress: @escaping @Sendable (CatalogSyncProgress) -> Void = { _ in }
    ) async throws -> CatalogSyncReport {
        var state = RunState(remaining: options.limit ?? Int.max,
                             stored: try await writer.storedDetails(maximumAgeSeconds: options.maximumDetailAgeSeconds))
        guard state.remaining > 0 else { return await writer.report }
        let concurrency = max(1, options.concurrency)
        let retry = options.retry
        var nextList: Task<PageDownload, any Error>? = startList(
            .pokemonList(offset: options.offset, limit: min(options.pageSize, state.remaining)), retry: retry)
        let client = client, baseURL = baseURL, writer = writer
        // Writes happen on the writer, in list order, while this loop keeps a window of
        // detail downloads busy across page boundaries. After a failure nothing new starts,
        // but downloads in flight are collected and every page they complete is still
        // committed: work already done is kept. Cancellation (a signal) stops the same way.
        var commits: [Task<Void, any Error>] = []
        var failure: (any Error)?
        func commitCompletedPages() async throws {
            for page in state.takeCompletedPages() {
                let previous = commits.last
                commits.append(Task {
                    try await previous?.value
                    try await writer.save(page, progress: progress)
                })
                // At most two pages wait for the writer, which bounds memory.
                if commits.count > 2 { try await commits[commits.count - 3].value }
            }
        }
        await withThrowingTaskGroup(of: (page: Int, download: DetailDownload).self) { group in
            var inFlight = 0
            while true {
                do {
                    while failure == nil && inFlight < concurrency {
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
                            try await commitCompletedPages()
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
                    try await commitCompletedPages()
                } catch {
                    failure = failure ?? error
                }
            }
        }
        nextList?.cancel()
        for commit in commits {
            do { try await commit.value } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
        return await writer.report
    }

    /// The bookkeeping of one run: entries waiting for a download slot and pages waiting
    /// for their last detail.
    private struct RunState {
        struct QueuedEntry {
            let page: Int
            let entry: PokemonListEntry
            let etag: String?
        }

        struct PendingPage {
            let entries: [PokemonListEntry]
            let listCount: Int
            var outstanding: Int
            var downloaded: [DownloadedDetails] = []
            var confirmedIDs: [Int] = []
            let reused: Int
        }

        var remaining: Int
        let stored: [Int: PokemonCatalog.StoredDetail]
        var queue: ArraySlice<QueuedEntry> = []
        /// Pages not handed to the writer yet, in list order; the first has number `firstPendingPage`.
        var pending: [PendingPage] = []
        var firstPendingPage = 0
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
            pending.append(PendingPage(entries: entries, listCount: page.count, outstanding: wanted.count,
                                       reused: entries.count - wanted.count))
            queue.append(contentsOf: wanted.map { QueuedEntry(page: number, entry: $0, etag: stored[$0.id]?.etag) })
            return remaining > 0 && !page.entries.isEmpty ? page.next : nil
        }

        mutating func record(_ download: DetailDownload, page: Int) {
            let index = page - firstPendingPage
            pending[index].outstanding -= 1
            if let downloaded = download.downloaded {
                pending[index].downloaded.append(downloaded)
            } else {
                pending[index].confirmedIDs.append(download.id)
            }
        }

        /// Removes and returns, in list order, the pages whose details have all arrived.
        mutating func takeCompletedPages() -> [CompletedPage] {
            var completed: [CompletedPage] = []
            while let page = pending.first, page.outstanding == 0 {
                completed.append(CompletedPage(entries: page.entries, downloaded: page.downloaded,
                                               confirmedIDs: page.confirmedIDs, reused: page.reused,
                                               listCount: page.listCount))
                pending.removeFirst()
                firstPendingPage += 1
            }
            return completed
        }
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
                let page = try JSONResponse.decode(PokemonListPage.self, from: response)
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

/// A list page with every detail accounted for, ready to be committed.
struct CompletedPage: Sendable {
    let entries: [PokemonListEntry]
    let downloaded: [DownloadedDetails]
    /// Details the server confirmed unchanged (304).
    let confirmedIDs: [Int]
    /// Stored details young enough to need no request.
    let reused: Int
    let listCount: Int
}

/// Owns the catalog's connection during a sync, so SQLite writes run off the download loop
/// and one at a time, in the order pages are handed over.
actor CatalogWriter {
    private let catalog: PokemonCatalog
    private(set) var report = CatalogSyncReport()

    init(catalog: sending PokemonCatalog) {
        self.catalog = catalog
    }

    func storedDetails(maximumAgeSeconds: Int?) throws -> [Int: PokemonCatalog.StoredDetail] {
        try catalog.storedDetails(maximumAgeSeconds: maximumAgeSeconds)
    }

    func save(_ page: CompletedPage, progress: @Sendable (CatalogSyncProgress) -> Void) throws {
        try catalog.savePage(entries: page.entries, details: page.downloaded, confirmedIDs: page.confirmedIDs)
        report.pages += 1
        report.entries += page.entries.count
        report.detailsDownloaded += page.downloaded.count
        report.detailsUnchanged += page.confirmedIDs.count
        report.detailsReused += page.reused
        progress(CatalogSyncProgress(report: report, listCount: page.listCount))
    }
}
