import Foundation
import PokedexStore

/// Syncs PokeAPI's Pokémon list and every listed Pokémon's details into the store, one list
/// page per transaction: whatever was committed survives a failure later in the run.
public struct CatalogSync: Sendable {
    public let client: HTTPClient
    public let baseURL: URL
    private let lent: LentCatalog

    /// Detail bodies that may wait for an earlier page's last detail before new downloads
    /// pause. A normal sync holds a few bodies here; a detail held up by retries holds back
    /// its page and so everything after it. Pausing then is what the server asked for (429,
    /// 5xx), and it bounds memory: with 3 % of details answered 429 `Retry-After: 1`, a full
    /// sync took 7.1 s holding whole pages (153 MB peak RSS), 10.6 s with 16 MB here (63 MB),
    /// 9.0 s with 32 MB (78 MB); measured.
    static let waitingBodyBytesLimit = 16 << 20

    /// The catalog's connection is lent to a writer of each run's own while `run` runs: the
    /// caller must not use it until `run` returns, and gets it back as it lent it.
    public init(client: HTTPClient, baseURL: URL, catalog: PokemonCatalog) {
        self.client = client
        self.baseURL = baseURL
        self.lent = LentCatalog(catalog: catalog)
    }

    public func run(
        _ options: CatalogSyncOptions, progress: @escaping @Sendable (CatalogSyncProgress) -> Void = { _ in }
    ) async throws -> CatalogSyncReport {
        let writer = CatalogWriter(catalog: lent.catalog)
        let stored: [Int: PokemonCatalog.StoredDetail]
        do {
            stored = try await writer.storedDetails(maximumAgeSeconds: options.maximumDetailAgeSeconds)
        } catch {
            _ = try? await writer.finish()  // hands the connection back as it was lent
            throw error
        }
        var state = CatalogPageSchedule(
            limit: options.limit, stored: stored, waitingBodyBytesLimit: Self.waitingBodyBytesLimit)
        guard state.remaining > 0 else { return try await writer.finish() }
        let concurrency = max(1, options.concurrency)
        let retry = options.retry
        var nextList: Task<CatalogPageSchedule.ListPage, any Error>? = startList(
            .pokemonList(offset: options.offset, limit: min(options.pageSize, state.remaining)), retry: retry)
        let client = client, baseURL = baseURL
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
                    while failure == nil && state.mayStartDownload(inFlight: inFlight, concurrency: concurrency) {
                        try Task.checkCancellation()
                        if let item = state.nextDownload() {
                            group.addTask {
                                (
                                    item.page,
                                    try await Self.downloadDetails(
                                        of: item.entry, etag: item.etag, client: client, baseURL: baseURL, retry: retry)
                                )
                            }
                            inFlight += 1
                        } else if let listTask = nextList {
                            nextList = try state.accept(try await listTask.value).map {
                                startList(.listPage($0), retry: retry)
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
                    state.record(result.download.downloaded, id: result.download.id, page: result.page)
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

    // MARK: List pages

    private func startList(
        _ endpoint: PokeAPIEndpoint, retry: RetryPolicy
    ) -> Task<CatalogPageSchedule.ListPage, any Error> {
        let client = client, baseURL = baseURL
        return Task {
            let request = try endpoint.request(baseURL: baseURL)
            return try await client.fetch(request, retrying: retry) { response in
                let page = try JSONResponse.pokemonListPage(from: response)
                // Checked before the page is accepted, so that nothing of a bad page is stored.
                guard page.count >= 0 else {
                    throw JSONResponse.undecodable(response, reason: "negative count \(page.count)")
                }
                if let next = page.next, URL.onOrigin(of: baseURL, next) == nil {
                    throw JSONResponse.undecodable(
                        response,
                        reason:
                            "next page \"\(Excerpt.of(next, maximumCharacters: 200))\" is not an http(s) URL on the API's origin"
                    )
                }
                var entries: [PokemonListEntry] = []
                for result in page.results {
                    do {
                        let id = try PokemonResource.id(fromURL: result.url)
                        guard PokemonDetails.Limits.id.contains(id) else {
                            throw JSONResponse.undecodable(
                                response,
                                reason: "\"\(result.name)\" has id \(id), outside \(PokemonDetails.Limits.id)")
                        }
                        guard URL.onOrigin(of: baseURL, result.url) != nil else {
                            throw JSONResponse.undecodable(
                                response,
                                reason: "\"\(Excerpt.of(result.name, maximumCharacters: 60))\" links "
                                    + "\"\(Excerpt.of(result.url, maximumCharacters: 200))\", off the API's origin")
                        }
                        entries.append(PokemonListEntry(id: id, name: result.name, url: result.url))
                    } catch let error as FetchError {
                        throw error
                    } catch {
                        throw JSONResponse.undecodable(response, reason: "\(error)")
                    }
                }
                return CatalogPageSchedule.ListPage(
                    url: request.url, count: page.count, entries: entries,
                    next: page.next)
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
        let request = try PokeAPIEndpoint.details(entry.url).request(baseURL: baseURL, etag: etag)
        return try await client.fetch(request, retrying: retry) { response in
            if response.status == 304, etag != nil { return DetailDownload(id: entry.id, downloaded: nil) }
            let details = try JSONResponse.pokemonDetails(from: response)
            guard details.id == entry.id else {
                throw JSONResponse.undecodable(
                    response,
                    reason: "detail has id \(details.id) but the list entry \"\(entry.name)\" has id \(entry.id)")
            }
            if let inconsistency = details.inconsistency {
                throw JSONResponse.undecodable(response, reason: inconsistency)
            }
            return DetailDownload(
                id: entry.id,
                downloaded: DownloadedDetails(
                    details: details, body: [UInt8](response.body),
                    etag: EntityTagValue.storable(response.header("ETag"))))
        }
    }
}
