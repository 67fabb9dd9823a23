import HTTPTypes

/// A dated list is read oldest update first, page after page by number. An item updated while
/// the walk runs moves from a page already read to the end, and every item after it one place
/// back: the first item of the next page asked for lands on a page already read, and is not
/// seen. The item that moved comes again at the end, which tells it happened. Then the list is
/// read again from the latest update of that item's first page, by date rather than by number
/// (`since` the latest update read so far, each page), which nothing moving can shift.
extension GitHubSync {
    func catchUp<Item: Sendable>(
        _ first: GitHubEndpoint, reading: GitHubListReading<Item>, result: inout GitHubListWalkResult,
        report: inout GitHubSyncReport, afterPage: (GitHubListPage, inout GitHubSyncReport) -> Void
    ) async throws {
        guard let page = result.earliestPageUpdatedAgain, let start = result.latestUpdates[page],
            var endpoint = first.from(since: start)
        else { return }
        var since = start
        // The pages from there on, read once more, and as many as moved meanwhile: a list that
        // goes on past that is refused rather than followed forever.
        let pagesAllowed = 2 * (result.pages - page) + 2
        for _ in 0..<pagesAllowed {
            let response = try await requester.send(endpoint, etag: nil)
            report.note(response)
            try Self.refuseUnlisted(response, reading: reading, report: report)
            guard response.status != 304 else { throw JSONResponse.unaskedNotModified(response) }
            let next = try LinkHeader.nextPage(of: response, api: requester.baseURL)
            let items = try reading.decode(response)
            try Self.refuseFutureDates(items, reading: reading, response: response, now: requester.client.clock.now())
            _ = result.note(items, reading: reading)
            let changed = try reading.commit(items, nil)
            afterPage(GitHubListPage(received: items.count, changed: changed), &report)
            result.pages += 1
            guard let next else { return }
            // Items all of one second, more than a page of them, are paged by number within it.
            let latest = items.compactMap { reading.dates($0)?.updated }.max() ?? since
            if latest > since, let dated = first.from(since: latest) {
                (since, endpoint) = (latest, dated)
            } else {
                endpoint = .link(next)
            }
        }
        throw FetchError.undecodable(
            url: try requester.url(of: endpoint),
            reason: "the \(reading.noun)s updated since \(start) go on past \(pagesAllowed) pages", bodyPrefix: "")
    }
}
