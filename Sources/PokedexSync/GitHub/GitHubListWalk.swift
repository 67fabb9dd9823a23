import HTTPTypes
import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One kind of GitHub list as a walk reads it: how a page decodes, what its items are
/// called and dated, and how a page is committed.
struct GitHubListReading<Item> {
    /// `issue`, `comment`, `repository`: for error messages.
    let noun: String
    let decode: (HTTPResponse) throws(FetchError) -> [Item]
    let id: (Item) -> Int
    /// The item's label and dates, checked against the clock; nil for items without dates.
    let dates: (Item) -> (label: String, created: String, updated: String)?
    /// What a 404 means for this list.
    let missing: GitHubSyncError
    /// Commits one page; the first page carries its URL and ETag (for the next refresh's
    /// conditional request). Returns how many items were new or changed.
    let commit: (_ items: [Item], _ firstPage: (url: String, etag: String?)?) throws -> Int
}

/// What one committed page brought.
struct GitHubListPage {
    let received: Int
    /// Items new or different from what was stored.
    let changed: Int
}

extension GitHubSync {
    /// Reads one list from its first page to the last, committing page by page. A page that
    /// links a next one but brings no item not already read in this walk, nor one read updated
    /// since, is refused: a server handing out fresh `next` links to the same items would
    /// otherwise be paged forever.
    /// `etag` is sent with the first page only: later pages are followed verbatim.
    ///
    /// Three things overlap, each a page apart: the next page downloads (still one request in
    /// flight at a time), this one decodes, and the one before commits. Decoding a page,
    /// committing it and the server's answer take about as long as each other: one after the
    /// other on one task they were the walk's pace. Pages still commit one at a time and in
    /// order, and the walk returns or throws only once no commit and no request of it is
    /// running. Cancelled (a signal), it stops while the next page downloads, after the page
    /// being committed.
    func walk<Item: Sendable>(
        from first: GitHubEndpoint, etag firstETag: String?, reading: GitHubListReading<Item>,
        report: inout GitHubSyncReport, afterPage: (GitHubListPage, inout GitHubSyncReport) -> Void
    ) async throws -> GitHubListWalkResult {
        let firstURL = try requester.url(of: first)
        var response = try await requester.send(first, etag: firstETag)
        var result = GitHubListWalkResult()
        var committing: PageCommit?
        // The next page's request, on a task of its own (cancelled with the walk while awaited).
        var prefetching: Task<HTTPResponse, any Error>?
        // The page committing is counted once it is done, before the next one starts.
        func committed() async throws {
            guard let page = committing else { return }
            committing = nil
            afterPage(GitHubListPage(received: page.received, changed: try await page.task.value), &report)
        }
        do {
            while true {
                report.note(response)
                try Self.refuseUnlisted(response, reading: reading, report: report)
                switch response.status {
                case 304:
                    // Later pages are asked for without a validator: only a first page can be current.
                    guard result.pages == 0, firstETag != nil else {
                        throw JSONResponse.unaskedNotModified(response)
                    }
                    report.notModified += 1
                    result.notModified = true
                    return result
                default:
                    let next = try LinkHeader.nextPage(of: response, api: requester.baseURL)
                    let requester = requester
                    prefetching = next.map { link in Task { try await requester.send(.link(link), etag: nil) } }
                    let items = try reading.decode(response)
                    try Self.refuseFutureDates(
                        items, reading: reading, response: response, now: requester.client.clock.now())
                    let new = result.note(
                        items, reading: reading, servedAt: HTTPHeaderValue.httpDate(response.header("Date") ?? ""))
                    // Items updated while the walk ran come again at the end: a page of them only
                    // is progress. The same items again, as they were, are not.
                    guard new > 0 || next == nil || result.movedOnLastPage > 0 else {
                        throw FetchError.undecodable(
                            url: response.url.absoluteString,
                            reason:
                                "the page brings no \(reading.noun) not already read, so its next link leads nowhere",
                            bodyPrefix: "")
                    }
                    try await committed()
                    // A first page that is the whole answer, with room left, keeps its ETag; a full
                    // one does not, whether or not it links a next: oldest update first, what
                    // changes next lands on a later page, and a full first page of items updated
                    // in the high-water mark's second would be answered 304 however many came after.
                    let isWhole = next == nil && items.count < options.perPage
                    let firstPage =
                        result.pages == 0
                        ? (firstURL, isWhole ? EntityTagValue.storable(response.header("ETag")) : nil) : nil
                    // The store is used by one commit at a time, and not by the walk meanwhile (a
                    // turn-taking the compiler cannot check): each commit starts after the one
                    // before it ended, and the walk touches the store only through commits.
                    nonisolated(unsafe) let commit = reading.commit
                    committing = PageCommit(received: items.count, task: Task { try commit(items, firstPage) })
                    result.pages += 1
                    guard let prefetch = prefetching else {
                        try await committed()
                        try await catchUp(
                            first, reading: reading, result: &result, report: &report, afterPage: afterPage)
                        return result
                    }
                    response = try await prefetch.valueCancelledWithCaller
                    try Task.checkCancellation()
                }
            }
        } catch {
            // What was committed counts, and nothing of this walk writes or asks once it has
            // stopped. A commit still running when a later page failed came first: should it
            // fail too (the disk is full), its error is the one reported.
            prefetching?.cancel()
            _ = await prefetching?.result
            try await committed()
            throw error
        }
    }

    /// A list that is no more: the repository gone (404) or its issues turned off (410).
    static func refuseUnlisted<Item>(
        _ response: HTTPResponse, reading: GitHubListReading<Item>, report: GitHubSyncReport
    ) throws {
        switch response.status {
        case 410: throw GitHubSyncError.issuesDisabled(repository: report.repository)
        case 404: throw reading.missing
        default: break
        }
    }

    /// A page's commit, running while the next page decodes.
    private struct PageCommit {
        let received: Int
        let task: Task<Int, any Error>
    }

    /// A date far ahead would become a high-water mark, and every later `since` would ask for
    /// nothing: a day of clock skew is allowed, no more.
    static func refuseFutureDates<Item>(
        _ items: [Item], reading: GitHubListReading<Item>, response: HTTPResponse, now: Date
    ) throws(FetchError) {
        let latest = GitHubSyncError.iso8601(now.addingTimeInterval(86_400))
        for item in items {
            guard let dated = reading.dates(item), dated.updated > latest || dated.created > latest else { continue }
            throw JSONResponse.undecodable(
                response, reason: "\(dated.label) is dated \(max(dated.updated, dated.created)), after \(latest)")
        }
    }
}
