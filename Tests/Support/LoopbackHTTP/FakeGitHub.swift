import Foundation

/// A GitHub REST (v3) look-alike on a ``LoopbackServer``, serving ``FakeGitHubRepository``
/// fixtures with GitHub's response shapes, pagination, conditional requests, redirects,
/// authentication and rate limits.
///
/// Routes (`GET`, `HEAD` works like GET; owner/repo are matched case-insensitively, a trailing
/// slash is ignored):
/// - `/repos/{owner}/{repo}`, `/repositories/{id}`: the repository object.
/// - `…/issues` (`per_page` 1–100 default 30, `page`, `state`, `since`, `sort`, `direction`):
///   a page of issues and pull requests, `Link` header as on GitHub (URLs on
///   `/repositories/{id}/issues`, the query as sent with `page` replaced or appended, rels in the
///   order prev, next, last, first; none when everything fits on one page).
///
/// Every 200 carries a strong `ETag` hashed from the body; a matching `If-None-Match` gets a
/// bodiless `304` that does not consume the rate limit. A renamed repository's old name answers
/// `301` to `/repositories/{id}…`. Everything else is GitHub's `404` JSON.
///
/// All members are thread-safe. The server stops when this object is released or on ``stop()``.
public final class FakeGitHub: @unchecked Sendable {
    /// The underlying server; its ``LoopbackServer/requests`` is the full request log.
    public let server: LoopbackServer
    private let backend: FakeGitHubBackend

    /// Starts serving `repositories` (ids and full names must be unique, case-insensitively).
    /// - Parameter requiredToken: when set, every GitHub request needs
    ///   `Authorization: Bearer <token>` (or `token <token>`), else `401`.
    /// - Parameter organizations: owners that are organisations (`/orgs/{owner}/repos` answers
    ///   for them only; every owner answers `/users/{owner}/repos`).
    /// - Parameter users: owners that exist without any repository served.
    public init(
        repositories: [FakeGitHubRepository], requiredToken: String? = nil, organizations: Set<String> = [],
        users: Set<String> = []
    ) throws {
        let backend = FakeGitHubBackend(
            repositories: repositories, requiredToken: requiredToken, organizations: organizations, users: users)
        // The handler captures only the backend, so releasing this object releases the server.
        server = try LoopbackServer { [backend] request in backend.respond(to: request) }
        backend.setOrigin(server.baseURL, port: server.port)
        self.backend = backend
    }

    /// `http://127.0.0.1:PORT`: the API root, like `https://api.github.com` (no trailing slash).
    public var baseURL: String { server.baseURL }

    /// Consulted before anything else; a non-nil result is served as-is (not counted, no rate
    /// limit consumed). Use it to inject 500s, HTML bodies, truncations or stalls.
    public var override: (@Sendable (RecordedRequest) -> ScriptedResponse?)? {
        get { backend.override }
        set { backend.override = newValue }
    }

    /// What the fake answers `request` when no override is set (counted like any answer): for
    /// an override that serves a real answer altered.
    public func realAnswer(to request: RecordedRequest) -> ScriptedResponse {
        backend.realAnswer(to: request)
    }

    // MARK: Data

    /// Sets `updated_at` of these issues to now — strictly later than every `updated_at`
    /// served before, even within the same second — and appends `" [edited]"` to their titles.
    /// - Parameter state: `"closed"` closes them (`completed` for issues, unmerged for pull requests).
    /// Traps on an unknown repository or number.
    public func touch(_ fullName: String, numbers: [Int], state: String? = nil) {
        backend.touch(fullName, numbers: numbers, state: state)
    }

    /// Appends `count` new open issues, created and updated now (strictly later than anything
    /// served before); returns their numbers.
    @discardableResult
    public func createIssues(_ fullName: String, count: Int) -> [Int] {
        backend.createIssues(fullName, count: count)
    }

    /// Adds a comment, created now, to each of these issues (one per number, repeats allowed):
    /// the issue's `comments` grows and its `updated_at` becomes now, as on GitHub. Returns the
    /// new comments' ids.
    @discardableResult
    public func addComments(_ fullName: String, numbers: [Int]) -> [Int64] {
        backend.addComments(fullName, numbers: numbers)
    }

    /// Appends `" [edited]"` to these comments and sets their `updated_at` to now; their
    /// issues' `updated_at` does not change (GitHub does not bump an issue for an edit).
    public func editComments(_ fullName: String, ids: [Int64]) {
        backend.editComments(fullName, ids: ids)
    }

    /// Deletes these comments: their issues' `comments` drops; `updated_at` becomes now only
    /// with `bumpingIssues`.
    public func deleteComments(_ fullName: String, ids: [Int64], bumpingIssues: Bool) {
        backend.deleteComments(fullName, ids: ids, bumpingIssues: bumpingIssues)
    }

    /// The comments currently served, by id.
    public func comments(of fullName: String) -> [FakeGitHubComment] {
        backend.repository(fullName).comments.sorted { $0.id < $1.id }
    }

    /// Starts serving another repository (a repository created upstream since).
    public func addRepository(_ repository: FakeGitHubRepository) {
        backend.addRepository(repository)
    }

    /// Renames (or transfers) a repository. The new name answers normally; the old one answers
    /// `301 Moved Permanently` to `/repositories/{id}…` from now on. Traps if the new name is taken.
    public func rename(_ fullName: String, to newFullName: String) {
        backend.rename(fullName, to: newFullName)
    }

    /// The issues and pull requests currently served, ordered by number. Traps on an unknown repository.
    public func issues(of fullName: String) -> [FakeGitHubIssue] {
        backend.repository(fullName).issues.sorted { $0.number < $1.number }
    }

    /// Edits a repository in place (e.g. `hasIssues`, an issue's body). The closure runs under the
    /// fake's lock. Changing `id`, `owner` or `name` traps; use ``rename(_:to:)``.
    public func update(_ fullName: String, _ change: (inout FakeGitHubRepository) -> Void) {
        backend.update(fullName, change)
    }

    // MARK: Rate limits (5000 requests an hour, sent as `X-RateLimit-Limit`, from the fake's start)

    /// Remaining = 0 until now + `seconds`; then the budget refills.
    public func exhaustRateLimit(resetIn seconds: Double) {
        setRemaining(0, resetIn: seconds)
    }

    /// Sets the remaining budget (clamped to 0…5000) and the reset time.
    public func setRemaining(_ remaining: Int, resetIn seconds: Double) {
        backend.setRemaining(remaining, resetIn: seconds)
    }

    /// The next `count` requests answer `status` (403 or 429) with `Retry-After: seconds` and
    /// GitHub's secondary-rate-limit body. They do not consume the primary budget.
    public func secondaryLimit(nextRequests count: Int, retryAfter seconds: Int, status: Int = 403) {
        backend.setSecondaryLimit(count: count, retryAfter: seconds, status: status)
    }

    /// Default true. False emulates GitHub Enterprise without rate limiting: no `X-RateLimit-*`
    /// headers and no primary limit (``secondaryLimit(nextRequests:retryAfter:status:)`` still applies).
    public var sendsRateLimitHeaders: Bool {
        get { backend.limits.sendsHeaders }
        set { backend.setSendsRateLimitHeaders(newValue) }
    }

    // MARK: Observation

    /// GitHub requests answered (every status, including 304; overrides excluded).
    public var requestCount: Int { backend.counts.requests }
    /// Requests answered `304 Not Modified`.
    public var notModifiedCount: Int { backend.counts.notModified }

    /// Sets both counters back to zero (the server's request log is separate: `server.resetLog()`).
    public func resetCounters() { backend.resetCounts() }
}
