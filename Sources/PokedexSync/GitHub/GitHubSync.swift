import HTTPTypes
import IssueStore
import PokedexStore
import SyncSettings
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Mirrors one repository's issues and pull requests. One request at a time, as GitHub asks
/// of a client (the next page is requested while the current one decodes and the one before
/// it is stored); list pages are committed one by one together with the `updated_at`
/// high-water mark, and later syncs ask only for what changed since it, conditionally.
public struct GitHubSync {
    public let archive: IssueArchive
    public let options: GitHubSyncOptions
    let requester: GitHubRequester

    /// `spentBefore`: the budget of this server and token that an earlier run found spent,
    /// which no request is sent against until its reset.
    public init(
        client: HTTPClient, baseURL: URL, token: String?, archive: IssueArchive,
        options: GitHubSyncOptions = GitHubSyncOptions(), spentBefore: RateLimitStatus? = nil
    ) {
        self.archive = archive
        self.options = options
        self.requester = GitHubRequester(
            client: client, baseURL: baseURL, token: token,
            maximumWait: options.maximumWait, retry: options.retry,
            spentBudget: SpentRateLimit(known: spentBefore, now: client.clock.now()))
    }

    /// More walks than this in one run means the repository changes faster than it is read.
    static let maximumWalks = 4

    /// A repository to sync: by name when first asked for, by id when refreshing one synced
    /// before (a rename or transfer then changes nothing).
    public enum Target: Sendable {
        case name(GitHubRepositoryName)
        case stored(id: Int, lastKnownName: String)

        /// GitHub's id, when the target names the repository by it.
        var repositoryID: Int? {
            switch self {
            case .name: return nil
            case .stored(let id, _): return id
            }
        }
    }

    /// Syncs one repository; `progress` sees the report after each committed page. On
    /// cancellation it stops after the page being stored.
    public func run(
        _ target: Target, progress: @Sendable (GitHubSyncReport) -> Void = { _ in }
    ) async throws -> GitHubSyncReport {
        let requestedName: String
        let known: IssueArchive.SyncState?
        let endpoint: GitHubEndpoint
        switch target {
        case .name(let name):
            requestedName = name.description
            known = try archive.syncState(fullName: requestedName)
            endpoint = .repository(name)
        case .stored(let id, let lastKnownName):
            requestedName = lastKnownName
            known = try archive.syncState(repositoryID: id)
            endpoint = .repositoryByID(id)
        }
        var report = GitHubSyncReport(repository: requestedName)
        let repositoryETag = known?.repositoryETag
        let repositoryResponse = try await requester.send(endpoint, etag: repositoryETag)
        report.note(repositoryResponse)
        let repositoryID: Int
        switch repositoryResponse.status {
        case 304:
            guard let known, repositoryETag != nil else { throw JSONResponse.unaskedNotModified(repositoryResponse) }
            repositoryID = known.repositoryID
            report.notModified += 1
        case 404:
            throw GitHubSyncError.notFound(repository: requestedName)
        default:
            let repository = try JSONResponse.repository(from: repositoryResponse)
            try archive.saveRepository(repository, etag: EntityTagValue.storable(repositoryResponse.header("ETag")))
            repositoryID = repository.id
            report.repository = repository.fullName
            if repository.fullName.lowercased() != requestedName.lowercased() {
                report.renamedFrom = requestedName
            }
        }
        report.repositoryID = repositoryID
        progress(report)
        let issuesReceived = try await syncIssues(repositoryID: repositoryID, report: &report, progress: progress)
        try await syncComments(
            repositoryID: repositoryID, issuesReceived: issuesReceived, report: &report, progress: progress)
        report.stored = try archive.counts(repositoryID: repositoryID)
        return report
    }

    /// Each walk asks for everything updated since the high-water mark; the one that leaves it
    /// unchanged has stored the ETag the next no-change refresh gets a 304 for. Returns the
    /// numbers of the issues received, whose comment counts are then checked.
    private func syncIssues(
        repositoryID: Int, report: inout GitHubSyncReport, progress: @Sendable (GitHubSyncReport) -> Void
    ) async throws -> Set<Int> {
        var issuesReceived: Set<Int> = []
        let reading = issueReading(repositoryID: repositoryID, report: report, keepsETag: true)
        for _ in 0..<Self.maximumWalks {
            let start = try archive.syncState(repositoryID: repositoryID)?.highWaterMark
            let first = GitHubEndpoint.issues(repositoryID: repositoryID, since: start, perPage: options.perPage)
            let etag = try archive.issuesETag(repositoryID: repositoryID, url: try requester.url(of: first))
            let walked = try await walk(from: first, etag: etag, reading: reading, report: &report) { page, report in
                report.tallyIssues(page)
                progress(report)
            }
            issuesReceived.formUnion(walked.ids)
            if try archive.syncState(repositoryID: repositoryID)?.highWaterMark == start { break }
        }
        return issuesReceived
    }

    /// Issue pages, each committed with its high-water mark; a walk that `keepsETag` stores
    /// its first page's ETag for the next refresh.
    func issueReading(repositoryID: Int, report: GitHubSyncReport, keepsETag: Bool) -> GitHubListReading<GitHubIssue> {
        GitHubListReading(
            noun: "issue", decode: JSONResponse.issues, id: \.id,
            dates: { ("issue #\($0.number)", $0.createdAt, $0.updatedAt) },
            missing: .notFound(repository: report.repository),
            commit: { [archive] issues, firstPage in
                try archive.saveIssuePage(
                    repositoryID: repositoryID, issues: issues, firstPage: keepsETag ? firstPage : nil)
            })
    }
}
/// Sends GitHub requests, waiting out rate limits that reset within `maximumWait` and
/// retrying transient failures as `retry` allows.
struct GitHubRequester: Sendable {
    let client: HTTPClient
    let baseURL: URL
    let token: String?
    let maximumWait: Duration
    let retry: RetryPolicy
    /// Shared by the run's requests: one that learns the budget is spent spares the others a
    /// refusal each.
    let spentBudget: SpentRateLimit

    func url(of endpoint: GitHubEndpoint) throws -> String {
        try endpoint.request(baseURL: baseURL, token: nil, etag: nil).url.absoluteString
    }

    func send(_ endpoint: GitHubEndpoint, etag: String?) async throws -> HTTPResponse {
        let request = try endpoint.request(baseURL: baseURL, token: token, etag: etag)
        var rateLimitWaited: Duration = .zero
        while true {
            if let spent = spentBudget.spent(now: client.clock.now()), let reset = spent.status.resetAt {
                // GitHub refuses every request until the reset and asks that none be sent.
                let wait = RateLimitWait.wait(untilReset: reset, now: client.clock.now())
                guard rateLimitWaited + wait <= maximumWait else {
                    throw GitHubSyncError.rateLimited(
                        resetAt: reset, wait: wait, budget: spent.status, foundByEarlierSync: spent.carriedOver)
                }
                try await client.clock.sleep(wait)
                rateLimitWaited += wait
            }
            // Answers are mostly accepted as they are, for the caller to judge; server
            // failures, timeouts and a 200 that is not JSON are transient and retried here.
            let response = try await client.fetch(request, retrying: retry) { response in
                switch response.status {
                case 200:
                    try JSONResponse.validate(response)
                case 408, 500...:
                    throw FetchError.status(
                        url: request.url.absoluteString, status: response.status,
                        bodyPrefix: FetchError.prefix(of: response.body))
                default:
                    break
                }
                return response
            }
            spentBudget.note(response)
            if response.status == 401 {
                throw GitHubSyncError.unauthorized(
                    url: request.url.absoluteString,
                    message: GitHubErrorBody.message(in: response).map { Excerpt.of($0, maximumCharacters: 200) }
                        ?? "unauthorized", tokenSent: request.headers["Authorization"] != nil)
            }
            guard let limit = RateLimitWait(response, now: client.clock.now()) else { return response }
            // At least a second per wait, so that `Retry-After: 0` answered forever still
            // reaches --max-wait instead of spinning.
            let wait = max(limit.wait, .seconds(1))
            guard rateLimitWaited + wait <= maximumWait else {
                throw GitHubSyncError.rateLimited(
                    resetAt: limit.until, wait: limit.wait, budget: RateLimitStatus(response))
            }
            try await client.clock.sleep(wait)
            rateLimitWaited += wait
        }
    }
}
/// How long a rate-limited answer asks the client to wait, if it is one.
struct RateLimitWait {
    let wait: Duration
    let until: Date

    /// Waits longer than this are never slept, whatever a header says: beyond `--max-wait`
    /// the sync stops (exit 75) anyway, and a day keeps every sum of durations small.
    static let longestWait: Duration = .seconds(86_400)

    init?(_ response: HTTPResponse, now: Date) {
        guard response.status == 403 || response.status == 429 else { return nil }
        if let retryAfter = HTTPHeaderValue.retryAfter(
            response.header("Retry-After"), now: now, maximum: Self.longestWait)
        {
            wait = retryAfter  // secondary limit
            until = now.addingTimeInterval(TimeInterval(retryAfter.components.seconds))
        } else if HTTPHeaderValue.count(response.header("X-RateLimit-Remaining")) == 0,
            let reset = HTTPHeaderValue.epochSeconds(response.header("X-RateLimit-Reset"))
        {
            wait = Self.wait(untilReset: reset, now: now)
            until = reset
        } else if response.status == 429
            || GitHubErrorBody.message(in: response)?.lowercased().contains("rate limit") == true
        {
            wait = .seconds(60)  // GitHub: without Retry-After, wait at least a minute
            until = now.addingTimeInterval(60)
        } else {
            return nil  // a plain 403: not a rate limit
        }
    }

    /// Until the primary budget's `reset`, plus a second of clock skew; the reset is within
    /// year 9999, so finite.
    static func wait(untilReset reset: Date, now: Date) -> Duration {
        let seconds = max(1, reset.timeIntervalSince(now).rounded(.up) + 1)
        return seconds >= TimeInterval(longestWait.components.seconds) ? longestWait : .seconds(seconds)
    }
}
/// Reads RFC 8288 `Link` headers as GitHub sends them.
enum LinkHeader {
    /// The `next` page of `response`, which must be an http(s) URL on the API's own origin:
    /// a link elsewhere is refused (nothing of this page is stored) rather than followed.
    static func nextPage(of response: HTTPResponse, api: URL) throws(FetchError) -> String? {
        guard let link = next(in: response.header("Link")) else { return nil }
        guard URL.onOrigin(of: api, link) != nil else {
            throw JSONResponse.undecodable(
                response,
                reason:
                    "the Link header's next page \"\(Excerpt.of(link, maximumCharacters: 200))\" is not on the API's origin"
            )
        }
        return link
    }

    /// The target of `rel="next"`, verbatim.
    static func next(in header: String?) -> String? {
        guard let header else { return nil }
        for link in header.split(separator: ",") {
            let parts = link.split(separator: ";").map(\.withoutOptionalWhitespace)
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = parts.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map(\.withoutOptionalWhitespace)
                return pair.count == 2 && pair[0].lowercased() == "rel"
                    && pair[1].trimmed { $0 == "\"" }.split(separator: " ").contains("next")
            }
            if isNext { return String(target.dropFirst().dropLast()) }
        }
        return nil
    }
}
