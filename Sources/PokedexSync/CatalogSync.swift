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
        var report = CatalogSyncReport()
        var remaining = options.limit ?? Int.max
        guard remaining > 0 else { return report }
        var visited: Set<URL> = []
        var pending: Task<PageDownload, any Error>? = startList(
            .pokemonList(offset: options.offset, limit: min(options.pageSize, remaining)))
        while let download = pending {
            let page = try await download.value
            guard visited.insert(page.url).inserted else {
                throw FetchError.undecodable(url: page.url.absoluteString,
                                             reason: "the list's next link loops back to a page already read",
                                             bodyPrefix: "")
            }
            let entries = Array(page.entries.prefix(remaining))
            remaining -= entries.count
            // Fetch the next list page while this page's details download.
            pending = remaining > 0 && !page.entries.isEmpty ? page.next.map { startList(.resource($0)) } : nil
            let details: [DetailDownload]
            do {
                details = try await downloadDetails(of: entries, concurrency: options.concurrency)
            } catch {
                pending?.cancel()
                throw error
            }
            let downloaded = details.compactMap(\.downloaded)
            try catalog.savePage(entries: entries, details: downloaded)
            report.pages += 1
            report.entries += entries.count
            report.detailsDownloaded += downloaded.count
            report.detailsUnchanged += details.count - downloaded.count
            progress(CatalogSyncProgress(report: report, listCount: page.count))
        }
        return report
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
                    throw FetchError.undecodable(url: request.url.absoluteString, reason: "\(error)",
                                                 bodyPrefix: FetchError.prefix(of: response.body))
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

    private func downloadDetails(of entries: [PokemonListEntry], concurrency: Int) async throws -> [DetailDownload] {
        let etags = try catalog.detailETags(ids: entries.map(\.id))
        let client = client, baseURL = baseURL
        return try await withThrowingTaskGroup(of: DetailDownload.self) { group in
            var results: [DetailDownload] = []
            results.reserveCapacity(entries.count)
            var queue = entries.makeIterator()
            func startNext() {
                guard let entry = queue.next() else { return }
                let etag = etags[entry.id]
                group.addTask { try await Self.downloadDetails(of: entry, etag: etag, client: client, baseURL: baseURL) }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while let result = try await group.next() {
                results.append(result)
                startNext()
            }
            return results
        }
    }

    private static func downloadDetails(
        of entry: PokemonListEntry, etag: String?, client: HTTPClient, baseURL: URL
    ) async throws -> DetailDownload {
        let request = try PokeAPIEndpoint.resource(entry.url).request(baseURL: baseURL, etag: etag)
        let response = try await client.send(request)
        if response.status == 304, etag != nil { return DetailDownload(downloaded: nil) }
        let body = try JSONResponse.decode(PokemonDetailBody.self, from: response)
        guard body.id == entry.id else {
            throw FetchError.undecodable(
                url: request.url.absoluteString,
                reason: "detail has id \(body.id) but the list entry \"\(entry.name)\" has id \(entry.id)",
                bodyPrefix: FetchError.prefix(of: response.body))
        }
        return DetailDownload(downloaded: DownloadedDetails(
            details: body.details, body: [UInt8](response.body), etag: response.header("ETag")))
    }
}
