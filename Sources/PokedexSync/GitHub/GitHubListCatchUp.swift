import HTTPTypes

/// A dated list is read oldest update first, page after page by number. An item updated while
/// the walk runs moves from a page already read to the end, and every item after it one place
/// back: the first item of the next page asked for lands on a page already read, and is not
/// seen. The item that moved comes again at the end, which tells it happened; the stretch of
/// updates where an item was passed over (``GitHubListWalkResult/stretchesToReread()``) is then
/// read again by date (`since` the latest update read so far, each page), which nothing moving
/// can shift: a page or two for each item that moved.
extension GitHubSync {
    func catchUp<Item: Sendable>(
        _ first: GitHubEndpoint, reading: GitHubListReading<Item>, result: inout GitHubListWalkResult,
        report: inout GitHubSyncReport, afterPage: (GitHubListPage, inout GitHubSyncReport) -> Void
    ) async throws {
        let stretches = result.stretchesToReread()
        // However the list is made, no more pages than it had, twice over, and a few.
        var pagesLeft = 2 * result.pages + 4
        for stretch in stretches {
            guard var endpoint = first.from(since: stretch.since) else { return }
            var since = stretch.since
            while true {
                guard pagesLeft > 0 else {
                    throw FetchError.undecodable(
                        url: try requester.url(of: endpoint),
                        reason: "the \(reading.noun)s updated since \(stretch.since) go on past the list's own pages",
                        bodyPrefix: "")
                }
                pagesLeft -= 1
                try Task.checkCancellation()
                let response = try await requester.send(endpoint, etag: nil)
                report.note(response)
                try Self.refuseUnlisted(response, reading: reading, report: report)
                guard response.status != 304 else { throw JSONResponse.unaskedNotModified(response) }
                let next = try LinkHeader.nextPage(of: response, api: requester.baseURL)
                let items = try reading.decode(response)
                try Self.refuseFutureDates(
                    items, reading: reading, response: response, now: requester.client.clock.now())
                let new = result.noteReread(items, reading: reading)
                afterPage(GitHubListPage(received: new, changed: try reading.commit(items, nil)), &report)
                let latest = items.compactMap { reading.dates($0)?.updated }.max() ?? since
                guard let next, stretch.through.map({ latest <= $0 }) ?? true else { break }
                // Items all of one second, more than a page of them, are paged by number within it.
                if latest > since, let dated = first.from(since: latest) {
                    (since, endpoint) = (latest, dated)
                } else {
                    endpoint = .link(next)
                }
            }
        }
    }
}
