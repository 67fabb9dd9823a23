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

    public static let defaultConcurrency = 8
    public static let defaultPageSize = 100

    public init(offset: Int = 0, limit: Int? = nil, concurrency: Int = Self.defaultConcurrency,
                pageSize: Int = Self.defaultPageSize) {
        self.offset = offset
        self.limit = limit
        self.concurrency = concurrency
        self.pageSize = pageSize
    }
}

/// What a catalog sync did.
public struct CatalogSyncReport: Sendable, Equatable {
    public var pages = 0
    public var entries = 0
    public var detailsDownloaded = 0
    /// Details the server answered 304 Not Modified for: stored bodies still current.
    public var detailsUnchanged = 0
}

/// Progress after each committed page.
public struct CatalogSyncProgress: Sendable {
    public let report: CatalogSyncReport
    /// The list's total size as the server last reported it.
    public let listCount: Int
}

/// Syncs PokeAPI's Pokémon list and every listed Pokémon's details into the store, one list
/// page per transaction: whatever was committed survives a failure later in the run.
public struct CatalogSync {
    public let client: HTTPClient
    public let baseURL: URL
    public let catalog: PokemonCatalog

    public init(client: HTTPClient, baseURL: URL, catalog: PokemonCatalog) {
        self.client = client
        self.baseURL = baseURL
        self.catalog = catalog
    }

    public func run(
        _ options: CatalogSyncOptions, progress: (CatalogSyncProgress) -> Void = { _ in }
    ) async throws -> CatalogSyncReport {
        var state = RunState(remaining: options.limit ?? Int.max)
        guard state.remaining > 0 else { return state.report }
        let concurrency = max(1, options.concurrency)
        var nextList: Task<PageDownload, any Error>? = startList(
            .pokemonList(offset: options.offset, limit: min(options.pageSize, state.remaining)))
        let client = client, baseURL = baseURL
        // One window of detail downloads runs across page boundaries, so the network stays
        // busy while a completed page is being committed. After a failure nothing new
        // starts, but downloads in flight are collected and every page they complete is
        // still committed: work already done is kept.
        return try await withThrowingTaskGroup(of: (page: Int, download: DetailDownload).self) { group in
            var inFlight = 0
            var failure: (any Error)?
            var committing = true
            while true {
                do {
                    while failure == nil && inFlight < concurrency {
                        if let item = state.queue.popFirst() {
                            group.addTask {
                                (item.page, try await Self.downloadDetails(
                                    of: item.entry, etag: item.etag, client: client, baseURL: baseURL))
                            }
                            inFlight += 1
                        } else if let listTask = nextList {
                            let page = try await listTask.value
                            nextList = try state.accept(page, etags: { try catalog.detailETags(ids: $0) }).map {
                                startList(.resource($0))
                            }
                            try state.commitCompletedPages(to: catalog, progress: progress)
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
                    if committing { try state.commitCompletedPages(to: catalog, progress: progress) }
                } catch {
                    failure = failure ?? error
                    committing = !(error is DatabaseError)
                }
            }
            nextList?.cancel()
            if let failure { throw failure }
            return state.report
        }
    }

    /// The bookkeeping of one run: entries waiting for a download slot, pages waiting for
    /// their last detail, and what has been committed.
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
            var unchanged = 0
        }

        var remaining: Int
        var report = CatalogSyncReport()
        var queue: ArraySlice<QueuedEntry> = []
        /// Pages not committed yet, in list order; the first has number `firstPendingPage`.
        var pending: [PendingPage] = []
        var firstPendingPage = 0
        var visited: Set<URL> = []

        /// Queues a list page's entries (up to the limit) and returns the next page's link
        /// when more entries are wanted.
        mutating func accept(_ page: PageDownload, etags: ([Int]) throws -> [Int: String]) throws -> String? {
            guard visited.insert(page.url).inserted else {
                throw FetchError.undecodable(url: page.url.absoluteString,
                                             reason: "the list's next link loops back to a page already read",
                                             bodyPrefix: "")
            }
            let entries = Array(page.entries.prefix(remaining))
            remaining -= entries.count
            let number = firstPendingPage + pending.count
            let stored = try etags(entries.map(\.id))
            pending.append(PendingPage(entries: entries, listCount: page.count, outstanding: entries.count))
            queue.append(contentsOf: entries.map { QueuedEntry(page: number, entry: $0, etag: stored[$0.id]) })
            return remaining > 0 && !page.entries.isEmpty ? page.next : nil
        }

        mutating func record(_ download: DetailDownload, page: Int) {
            let index = page - firstPendingPage
            pending[index].outstanding -= 1
            if let downloaded = download.downloaded {
                pending[index].downloaded.append(downloaded)
            } else {
                pending[index].unchanged += 1
            }
        }

        /// Commits, in list order, every page whose details have all arrived.
        mutating func commitCompletedPages(
            to catalog: PokemonCatalog, progress: (CatalogSyncProgress) -> Void
        ) throws {
            while let page = pending.first, page.outstanding == 0 {
                try catalog.savePage(entries: page.entries, details: page.downloaded)
                pending.removeFirst()
                firstPendingPage += 1
                report.pages += 1
                report.entries += page.entries.count
                report.detailsDownloaded += page.downloaded.count
                report.detailsUnchanged += page.unchanged
                progress(CatalogSyncProgress(report: report, listCount: page.listCount))
            }
        }
    }

    // MARK: List pages

    private struct PageDownload: Sendable {
        let url: URL
        let count: Int
        let entries: [PokemonListEntry]
        let next: String?
    }

    private func startList(_ endpoint: PokeAPIEndpoint) -> Task<PageDownload, any Error> {
        let client = client, baseURL = baseURL
        return Task {
            let request = try endpoint.request(baseURL: baseURL)
            let response = try await client.send(request)
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

    // MARK: Details

    private struct DetailDownload: Sendable {
        /// nil when the server confirmed the stored body is current (304).
        let downloaded: DownloadedDetails?
    }

    private static func downloadDetails(
        of entry: PokemonListEntry, etag: String?, client: HTTPClient, baseURL: URL
    ) async throws -> DetailDownload {
        let request = try PokeAPIEndpoint.resource(entry.url).request(baseURL: baseURL, etag: etag)
        let response = try await client.send(request)
        if response.status == 304, etag != nil { return DetailDownload(downloaded: nil) }
        let details = try JSONResponse.pokemonDetails(from: response)
        guard details.id == entry.id else {
            throw JSONResponse.undecodable(
                response, reason: "detail has id \(details.id) but the list entry \"\(entry.name)\" has id \(entry.id)")
        }
        return DetailDownload(downloaded: DownloadedDetails(
            details: details, body: [UInt8](response.body), etag: response.header("ETag")))
    }
}
