import HTTPTypes
import PokedexStore
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a PokeAPI resource's bodies are checked, decoded and stored: the typed side of a
/// ``PokeAPIResource`` declaration (its ``PokeAPIResource/Extraction``). Every kind shares
/// ``ResourceSync``'s list→detail engine.
protocol PokeAPIResourceKind: Sendable {
    associatedtype Store: ResourcePageStore where Store.Downloaded: PageBody
    /// What a list entry's id must fall in.
    static var idRange: ClosedRange<Int> { get }
    static var maximumDetailBytes: Int { get }
    /// The detail, refused (naming the URL) when it does not decode, is out of range, or
    /// is not the entry's.
    static func downloaded(from response: HTTPResponse, entry: ResourceListEntry) throws(FetchError) -> Store.Downloaded
}

/// Where a resource sync takes its entries from.
enum ResourceEntrySource: Sendable {
    /// The paginated list, from this offset.
    case list(offset: Int)
    /// URLs the stored bodies gave (a species' chain, a Pokémon's types), committed in parts
    /// of the commit size.
    case entries([ResourceListEntry])
}

/// Syncs one resource kind: its list (or the entries followed), then every entry's details,
/// each `commitSize` entries in one transaction: whatever was committed survives a failure
/// later in the run.
struct ResourceSync<Kind: PokeAPIResourceKind>: Sendable {
    let resource: PokeAPIResource
    let client: HTTPClient
    let baseURL: URL
    let lent: LentStore<Kind.Store>

    /// List pages asked for beyond the next one (``ListReadAhead``), within `--concurrency`.
    static var listPagesAhead: Int { 3 }

    /// Detail bodies that may wait for an earlier page's last detail before new downloads
    /// pause. A normal sync holds a few bodies here; a detail held up by retries holds back
    /// its page and so everything after it. Pausing then is what the server asked for (429,
    /// 5xx), and it bounds memory whatever the list's size.
    static var waitingBodyBytesLimit: Int { 16 << 20 }

    /// The store's connection is lent to a writer of the run's own while `run` runs: the
    /// caller must not use it until `run` returns, and gets it back as it lent it.
    init(_ resource: PokeAPIResource, client: HTTPClient, baseURL: URL, store: Kind.Store) {
        self.resource = resource
        self.client = client
        self.baseURL = baseURL
        self.lent = LentStore(store: store)
    }

    /// `arrived` sees each detail downloaded, as it arrives (before it is stored); `refused`
    /// each detail left out (``LeftOutDetails``) after the first, which the run throws once it
    /// has stored the rest (the first too when another failure ends the run).
    func run(
        _ options: ResourceSyncOptions, source: ResourceEntrySource,
        arrived: (Kind.Store.Downloaded) -> Void = { _ in },
        refused refusedLater: (FetchError) -> Void = { _ in },
        progress: @escaping @Sendable (ResourceSyncProgress) -> Void = { _ in }
    ) async throws -> ResourceSyncReport {
        let writer = ResourcePageWriter(catalog: lent.store)
        let wanted = options.limit ?? Int.max
        guard wanted > 0 else { return try await writer.finish() }
        let concurrency = max(1, options.concurrency)
        let retry = options.retry
        // The first list page is on its way while the writer reads what is stored: on a
        // refresh, where nothing else is downloaded, each resource would otherwise wait for
        // both one after the other.
        var nextList: Task<ResourcePageSchedule<Kind.Store.Downloaded>.ListPage, any Error>?
        switch source {
        case .list(let offset):
            nextList = startList(resource.firstListPage(offset: offset, options), retry: retry)
        case .entries(let entries):
            nextList = entries.isEmpty ? nil : followed(entries)
        }
        var readAhead = ListReadAhead<ResourcePageSchedule<Kind.Store.Downloaded>.ListPage>(
            window: min(Self.listPagesAhead, concurrency - 1))
        // List pages asked for when the run stops early: no request of it outlives it.
        func stopListing() async {
            nextList?.cancel()
            _ = try? await nextList?.value
            await readAhead.finish()
        }
        let stored: [Int: StoredDetail]
        do {
            stored = try await writer.storedDetails(maximumAgeSeconds: options.maximumDetailAgeSeconds)
        } catch {
            await stopListing()
            _ = try? await writer.finish()  // hands the connection back as it was lent
            throw error
        }
        var state = ResourcePageSchedule<Kind.Store.Downloaded>(
            limit: options.limit, commitSize: options.commitSize, stored: stored,
            waitingBodyBytesLimit: Self.waitingBodyBytesLimit)
        let client = client, baseURL = baseURL
        // The writer keeps the first unfinished page's transaction open and stores each of
        // its details as it arrives, while this loop keeps a window of detail downloads busy
        // across page boundaries. No page's bodies are held until it is complete: memory holds
        // the downloads in flight, the details that arrived before an earlier page's last one
        // (new downloads pause while `waitingBodyBytesLimit` of them wait; entries start in
        // list order, so that last one is in flight and the pause ends) and what is queued for
        // the writer (bounded too), whatever the list's size. After a failure nothing new
        // starts, but downloads in flight are collected and every page they complete is still
        // committed: work already done is kept. Cancellation (a signal) stops the same way.
        var failure: (any Error)?
        var leftOut = LeftOutDetails()
        // Each download's number, in the order they start (``LeftOutDetails``).
        var started = 0
        await withThrowingTaskGroup(of: (page: Int, number: Int, download: Result<DetailDownload, any Error>).self) {
            group in
            var inFlight = 0
            while true {
                do {
                    while failure == nil && state.mayStartDownload(inFlight: inFlight, concurrency: concurrency) {
                        try Task.checkCancellation()
                        if let item = state.nextDownload() {
                            let number = started
                            group.addTask {
                                do {
                                    let download = try await Self.downloadDetails(
                                        of: item.entry, etag: item.etag, client: client, baseURL: baseURL, retry: retry)
                                    return (item.page, number, .success(download))
                                } catch {
                                    return (item.page, number, .failure(error))
                                }
                            }
                            started += 1
                            inFlight += 1
                        } else if let listTask = nextList {
                            let page = try await listTask.valueCancelledWithCaller
                            nextList = try state.accept(page).map { next in
                                readAhead.page(next, listCount: page.count, wanted: state.remaining) {
                                    startList(.listPage($0), retry: retry)
                                }
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
                    let (page, number, result) = try await group.next()!
                    switch result {
                    case .success(let download):
                        if let downloaded = download.downloaded { arrived(downloaded) }
                        leftOut.answered(download: number)
                        state.record(download.downloaded, id: download.id, page: page)
                    case .failure(let error as FetchError) where leftOut.leavesOut(error, downloadsStarted: started):
                        if leftOut.errors.count > 1 { refusedLater(error) }
                        state.skip(page: page)
                    case .failure(let error):
                        throw error
                    }
                    try await writer.send(state.takeWrites(), progress: progress)
                } catch {
                    failure = failure ?? error
                }
            }
        }
        await stopListing()
        let report: ResourceSyncReport
        do {
            report = try await writer.finish()
        } catch let notRestored as ConnectionNotRestored {
            throw notRestored.cause
        } catch {
            throw failure ?? error
        }
        if let failure {
            // The run's Error: line names the failure that ended it: the first detail left out
            // before it gets a line of its own, as the others did.
            if let first = leftOut.errors.first { refusedLater(first) }
            throw failure
        }
        if let first = leftOut.errors.first { throw first }
        return report
    }

    // MARK: List pages

    private func startList(
        _ endpoint: PokeAPIEndpoint, retry: RetryPolicy
    ) -> Task<ResourcePageSchedule<Kind.Store.Downloaded>.ListPage, any Error> {
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
                // The page's offset, when its link tells it, places each entry in the list.
                let firstPosition = ListPageLink(request.url.absoluteString)?.offset
                var entries: [ResourceListEntry] = []
                for (index, result) in page.results.enumerated() {
                    guard !result.name.isEmpty || !resource.tables.isNamed else {
                        throw JSONResponse.undecodable(
                            response,
                            reason: "entry \"\(Excerpt.of(result.url, maximumCharacters: 200))\" has no name")
                    }
                    do {
                        let id = try PokemonResource.signedID(fromURL: result.url)
                        guard Kind.idRange.contains(id) else {
                            throw JSONResponse.undecodable(
                                response,
                                reason: "\"\(result.name)\" has id \(id), outside \(Kind.idRange)")
                        }
                        guard URL.onOrigin(of: baseURL, result.url) != nil else {
                            throw JSONResponse.undecodable(
                                response,
                                reason: "\"\(Excerpt.of(result.name, maximumCharacters: 60))\" links "
                                    + "\"\(Excerpt.of(result.url, maximumCharacters: 200))\", off the API's origin")
                        }
                        entries.append(
                            ResourceListEntry(
                                id: id, name: result.name, url: result.url, position: firstPosition.map { $0 + index }))
                    } catch let error as FetchError {
                        throw error
                    } catch {
                        throw JSONResponse.undecodable(response, reason: "\(error)")
                    }
                }
                return ResourcePageSchedule<Kind.Store.Downloaded>.ListPage(
                    url: request.url, count: page.count, entries: entries,
                    next: page.next)
            }
        }
    }

    /// Followed entries as one page with no next: the schedule commits them in parts.
    private func followed(
        _ entries: [ResourceListEntry]
    ) -> Task<ResourcePageSchedule<Kind.Store.Downloaded>.ListPage, any Error> {
        // Never fetched: the schedule only keys the page by it.
        let url = URL(string: "followed:\(resource.listPath)")!
        let page = ResourcePageSchedule<Kind.Store.Downloaded>.ListPage(
            url: url, count: entries.count, entries: entries, next: nil)
        return Task { page }
    }

    // MARK: Details

    private struct DetailDownload: Sendable {
        let id: Int
        /// nil when the server confirmed the stored body is current (304).
        let downloaded: Kind.Store.Downloaded?
    }

    /// The request for the details at `url` (a prefetch of them asks the same).
    static func detailsRequest(_ url: String, baseURL: URL, etag: String?) throws(FetchError) -> HTTPRequest {
        try PokeAPIEndpoint.resourceDetails(url, maximumBytes: Kind.maximumDetailBytes).request(
            baseURL: baseURL, etag: etag)
    }

    private static func downloadDetails(
        of entry: ResourceListEntry, etag: String?, client: HTTPClient, baseURL: URL, retry: RetryPolicy
    ) async throws -> DetailDownload {
        let request = try detailsRequest(entry.url, baseURL: baseURL, etag: etag)
        return try await client.fetch(request, retrying: retry) { response in
            if response.status == 304, etag != nil { return DetailDownload(id: entry.id, downloaded: nil) }
            return DetailDownload(id: entry.id, downloaded: try Kind.downloaded(from: response, entry: entry))
        }
    }
}
