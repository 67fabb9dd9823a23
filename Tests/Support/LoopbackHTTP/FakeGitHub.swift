import Foundation

/// A GitHub REST (v3) look-alike on a ``LoopbackServer``, serving ``FakeGitHubRepository``
/// fixtures with GitHub's response shapes, pagination, conditional requests, redirects,
/// authentication and rate limits.
///
/// Routes (`GET`, `HEAD` works like GET; owner/repo are matched case-insensitively, a trailing
/// slash is ignored):
/// - `/repos/{owner}/{repo}`, `/repositories/{id}`: the repository object.
/// - `…/issues` (`per_page` 1–100 default 30, `page`, `state`, `since`, `sort`, `direction`,
///   `labels`, `creator`): a page of issues and pull requests, `Link` header as on GitHub
///   (URLs on `/repositories/{id}/issues`, the query as sent with `page` replaced or appended,
///   rels in the order prev, next, last, first; none when everything fits on one page).
/// - `…/issues/{number}`: one issue, with `closed_by`.
/// - `/rate_limit`: the primary budget; never consumes it.
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
    public init(repositories: [FakeGitHubRepository], requiredToken: String? = nil) throws {
        let backend = FakeGitHubBackend(repositories: repositories, requiredToken: requiredToken)
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

    /// Stops the server (see ``LoopbackServer/stop()``).
    public func stop() { server.stop() }

    // MARK: Data

    /// Sets `updated_at` of these issues to now — strictly later than every `updated_at`
    /// served before, even within the same second — and appends `" [edited]"` to their titles.
    /// - Parameter state: `"open"` reopens (closed issues get `state_reason` `reopened`),
    ///   `"closed"` closes (`completed` for issues, unmerged for pull requests).
    /// Traps on an unknown repository or number.
    public func touch(_ fullName: String, numbers: [Int], state: String? = nil) {
        backend.touch(fullName, numbers: numbers, state: state)
    }

    /// Appends `count` new open issues (or pull requests), created and updated now (strictly
    /// later than anything served before); returns their numbers.
    @discardableResult
    public func createIssues(_ fullName: String, count: Int, pullRequests: Bool = false) -> [Int] {
        backend.createIssues(fullName, count: count, pullRequests: pullRequests)
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

    /// The repository as currently served (current name, issues in storage order).
    public func repository(_ fullName: String) -> FakeGitHubRepository {
        backend.repository(fullName)
    }

    /// Edits a repository in place (e.g. `hasIssues`, an issue's body). The closure runs under the
    /// fake's lock. Changing `id`, `owner` or `name` traps; use ``rename(_:to:)``.
    public func update(_ fullName: String, _ change: (inout FakeGitHubRepository) -> Void) {
        backend.update(fullName, change)
    }

    // MARK: Rate limits

    /// Requests per window (default 5000), sent as `X-RateLimit-Limit`. The window is an hour,
    /// starting when the fake starts; when it ends the budget refills.
    public var rateLimit: Int {
        get { backend.limits.limit }
        set { backend.setRateLimit(newValue) }
    }

    /// What `X-RateLimit-Remaining` would say now.
    public var rateLimitRemaining: Int { backend.limits.remaining }

    /// Remaining = 0 until now + `seconds`; then the budget refills to ``rateLimit``.
    public func exhaustRateLimit(resetIn seconds: Double) {
        setRemaining(0, resetIn: seconds)
    }

    /// Sets the remaining budget (clamped to 0…``rateLimit``) and the reset time.
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

/// Everything the request handler needs, kept apart from `FakeGitHub` so that the server's
/// handler does not retain the public object.
final class FakeGitHubBackend: @unchecked Sendable {
    struct Counts {
        var requests = 0
        var notModified = 0
    }

    struct Limits {
        var limit = 5_000
        var used = 0
        /// Epoch seconds (fractional) at which the budget refills.
        var resetAt: Double
        var sendsHeaders = true
        var remaining: Int { max(0, limit - used) }
    }

    /// What a route produced, before the common headers and rate-limit accounting.
    private struct Reply {
        var status: Int
        var body: [UInt8]
        var headers: [(String, String)] = []
        var consumesBudget = true

        static func json(_ status: Int, _ value: OrderedJSON, headers: [(String, String)] = []) -> Reply {
            Reply(status: status, body: Array(value.compactText.utf8), headers: headers)
        }
    }

    /// Mutable per-repository state, including render caches (invalidated on every change).
    private final class Entry {
        var repository: FakeGitHubRepository
        var indexByNumber: [Int: Int] = [:]
        var renderer: FakeGitHubRenderer?
        var listItems: [Int: [UInt8]] = [:]
        /// Whole bodies keyed by route and normalised query (pages) or `#number` (single issues).
        var bodies: [String: (bytes: [UInt8], etag: String)] = [:]
        var pageTotals: [String: Int] = [:]
        var repositoryBody: (bytes: [UInt8], etag: String)?

        init(_ repository: FakeGitHubRepository) {
            self.repository = repository
            reindex()
        }

        func reindex() {
            indexByNumber.removeAll(keepingCapacity: true)
            for (index, issue) in repository.issues.enumerated() {
                precondition(indexByNumber[issue.number] == nil,
                             "FakeGitHub: \(repository.fullName) has two issues #\(issue.number)")
                indexByNumber[issue.number] = index
            }
            invalidate()
        }

        func invalidate() {
            renderer = nil
            listItems.removeAll()
            bodies.removeAll()
            pageTotals.removeAll()
            repositoryBody = nil
        }
    }

    private static let window = 3_600.0
    private static let docsRoot = "https://docs.github.com/rest"
    private static let docsListIssues = "https://docs.github.com/rest/issues/issues#list-repository-issues"
    private static let docsRateLimits = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"
    private static let docsRedirects =
        "https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects"

    // Recursive so that an `update` closure may read the fake without deadlocking.
    private let lock = NSRecursiveLock()
    private let requiredToken: String?
    private var entries: [Int64: Entry] = [:]
    private var idByName: [String: Int64] = [:]
    private var redirects: [String: Int64] = [:]
    private var origin = ""
    private var port = 0
    private var serial = 0
    private var lastStamp: Int64
    private var storedLimits: Limits
    private var secondary: (remaining: Int, retryAfter: Int, status: Int) = (0, 0, 403)
    private var storedCounts = Counts()
    private var storedOverride: (@Sendable (RecordedRequest) -> ScriptedResponse?)?

    init(repositories: [FakeGitHubRepository], requiredToken: String?) {
        self.requiredToken = requiredToken
        storedLimits = Limits(resetAt: Date().timeIntervalSince1970 + Self.window)
        lastStamp = Int64.min
        for repository in repositories {
            precondition(entries[repository.id] == nil, "FakeGitHub: duplicate repository id \(repository.id)")
            let key = repository.fullName.lowercased()
            precondition(idByName[key] == nil, "FakeGitHub: duplicate repository \(repository.fullName)")
            entries[repository.id] = Entry(repository)
            idByName[key] = repository.id
            for issue in repository.issues {
                lastStamp = max(lastStamp, GitHubTime.seconds(issue.updatedAt), GitHubTime.seconds(issue.createdAt))
            }
        }
    }

    func setOrigin(_ origin: String, port: Int) {
        synchronized {
            self.origin = origin
            self.port = port
            for entry in entries.values { entry.invalidate() }
        }
    }

    var override: (@Sendable (RecordedRequest) -> ScriptedResponse?)? {
        get { synchronized { storedOverride } }
        set { synchronized { storedOverride = newValue } }
    }

    var counts: Counts { synchronized { storedCounts } }

    func resetCounts() { synchronized { storedCounts = Counts() } }

    var limits: Limits {
        synchronized {
            refillIfDue(now: Date().timeIntervalSince1970)
            return storedLimits
        }
    }

    func setRateLimit(_ limit: Int) {
        synchronized { storedLimits.limit = max(0, limit) }
    }

    func setRemaining(_ remaining: Int, resetIn seconds: Double) {
        synchronized {
            storedLimits.used = storedLimits.limit - min(max(0, remaining), storedLimits.limit)
            storedLimits.resetAt = Date().timeIntervalSince1970 + max(0, seconds)
        }
    }

    func setSecondaryLimit(count: Int, retryAfter: Int, status: Int) {
        synchronized { secondary = (max(0, count), retryAfter, status) }
    }

    func setSendsRateLimitHeaders(_ sends: Bool) {
        synchronized { storedLimits.sendsHeaders = sends }
    }

    // MARK: Data controls

    func repository(_ fullName: String) -> FakeGitHubRepository {
        synchronized { entry(named: fullName).repository }
    }

    func touch(_ fullName: String, numbers: [Int], state: String?) {
        precondition(state == nil || state == "open" || state == "closed",
                     "FakeGitHub.touch: state must be open or closed, not \(state ?? "")")
        synchronized {
            let entry = entry(named: fullName)
            let stamp = nextStamp()
            for number in numbers {
                guard let index = entry.indexByNumber[number] else {
                    preconditionFailure("FakeGitHub.touch: \(fullName) has no issue #\(number)")
                }
                var issue = entry.repository.issues[index]
                issue.updatedAt = GitHubTime.date(stamp)
                issue.title += " [edited]"
                if state == "closed" && issue.state != "closed" {
                    issue.state = "closed"
                    issue.closedAt = GitHubTime.date(stamp)
                    issue.stateReason = issue.isPullRequest ? nil : "completed"
                } else if state == "open" && issue.state != "open" {
                    issue.state = "open"
                    issue.closedAt = nil
                    issue.mergedAt = nil
                    issue.stateReason = issue.isPullRequest ? nil : "reopened"
                }
                entry.repository.issues[index] = issue
            }
            entry.invalidate()
        }
    }

    func createIssues(_ fullName: String, count: Int, pullRequests: Bool) -> [Int] {
        precondition(count >= 0, "FakeGitHub.createIssues: negative count")
        return synchronized {
            let entry = entry(named: fullName)
            guard count > 0 else { return [] }
            let stamp = nextStamp()
            let repository = entry.repository
            let generator = FakeGitHubIssueGenerator(
                seed: fakeGitHubHash(String(repository.id)), repositoryID: repository.id)
            let first = (repository.issues.map(\.number).max() ?? 0) + 1
            let numbers = Array(first..<first + count)
            for number in numbers {
                entry.repository.issues.append(
                    generator.freshIssue(number: number, created: stamp, pullRequest: pullRequests))
            }
            entry.reindex()
            return numbers
        }
    }

    func rename(_ fullName: String, to newFullName: String) {
        let parts = newFullName.split(separator: "/", omittingEmptySubsequences: false)
        precondition(parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty,
                     "FakeGitHub.rename: \(newFullName) is not owner/name")
        synchronized {
            let entry = entry(named: fullName)
            let oldKey = entry.repository.fullName.lowercased()
            let newKey = newFullName.lowercased()
            if let holder = idByName[newKey], holder != entry.repository.id {
                preconditionFailure("FakeGitHub.rename: \(newFullName) is already served")
            }
            idByName[oldKey] = nil
            idByName[newKey] = entry.repository.id
            redirects[newKey] = nil
            if oldKey != newKey { redirects[oldKey] = entry.repository.id }
            entry.repository.owner = String(parts[0])
            entry.repository.name = String(parts[1])
            entry.invalidate()
        }
    }

    func update(_ fullName: String, _ change: (inout FakeGitHubRepository) -> Void) {
        synchronized {
            let entry = entry(named: fullName)
            var repository = entry.repository
            change(&repository)
            precondition(
                repository.id == entry.repository.id && repository.fullName == entry.repository.fullName,
                "FakeGitHub.update: id and name cannot change (use rename)")
            for issue in repository.issues {
                lastStamp = max(lastStamp, GitHubTime.seconds(issue.updatedAt))
            }
            entry.repository = repository
            entry.reindex()
        }
    }

    // MARK: Request handling

    func respond(to request: RecordedRequest) -> ScriptedResponse {
        // Called outside the lock: an override may itself inspect the fake.
        if let override = self.override, let scripted = override(request) {
            return scripted
        }
        return synchronized { answer(request) }
    }

    /// Callers hold the lock.
    private func answer(_ request: RecordedRequest) -> ScriptedResponse {
        let now = Date().timeIntervalSince1970
        storedCounts.requests += 1
        serial += 1
        let requestID = "\(hex(port & 0xFFFF, width: 4, uppercase: true)):\(hex(serial >> 16 & 0xFFFF, width: 4, uppercase: true)):"
            + "\(hex(serial & 0xFFF_FFFF, width: 7, uppercase: true)):\(hex(serial &* 7 & 0xFFF_FFFF, width: 7, uppercase: true)):"
            + hex(Int(now) & 0xFFFF_FFFF, width: 8, uppercase: true)
        refillIfDue(now: now)

        let reply = gate(request, requestID: requestID, now: now) ?? route(request)
        if reply.consumesBudget && storedLimits.sendsHeaders { storedLimits.used += 1 }
        if reply.status == 304 { storedCounts.notModified += 1 }

        var headers: [(String, String)] = [("Content-Type", "application/json; charset=utf-8")]
        headers += reply.headers
        if storedLimits.sendsHeaders {
            headers += [
                ("X-RateLimit-Limit", String(storedLimits.limit)),
                ("X-RateLimit-Remaining", String(storedLimits.remaining)),
                ("X-RateLimit-Reset", String(Int64(storedLimits.resetAt.rounded(.up)))),
                ("X-RateLimit-Used", String(storedLimits.used)),
                ("X-RateLimit-Resource", "core"),
            ]
        }
        headers += [
            ("X-GitHub-Media-Type", "github.v3; format=json"),
            ("X-GitHub-Api-Version-Selected", "2022-11-28"),
            ("X-GitHub-Request-Id", requestID),
        ]
        return ScriptedResponse(status: reply.status, headers: headers, body: reply.body)
    }

    /// Secondary limit, authentication and the primary limit, in that order; nil lets the request through.
    private func gate(_ request: RecordedRequest, requestID: String, now: Double) -> Reply? {
        let support = "If you reach out to GitHub Support for help, please include the request ID "
            + "\(requestID) and timestamp \(GitHubTime.support(Int64(now)))."
        if secondary.remaining > 0 {
            secondary.remaining -= 1
            var reply = Reply.json(secondary.status, .object([
                ("message", .string("You have exceeded a secondary rate limit. Please wait a few minutes "
                    + "before you try again. \(support)")),
                ("documentation_url", .string(Self.docsRateLimits + "#about-secondary-rate-limits")),
                ("status", .string(String(secondary.status))),
            ]), headers: [("Retry-After", String(secondary.retryAfter))])
            reply.consumesBudget = false
            return reply
        }
        let authorization = request.header("authorization")
        if let requiredToken {
            guard let authorization else {
                return Self.error(401, "Requires authentication", Self.docsRoot)
            }
            guard Self.credential(in: authorization) == requiredToken else {
                return Self.error(401, "Bad credentials", Self.docsRoot)
            }
        }
        let isRateLimitQuery = request.path.split(separator: "/") == ["rate_limit"]
        if storedLimits.sendsHeaders && storedLimits.remaining == 0 && !isRateLimitQuery {
            let who = authorization == nil
                ? "127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. "
                    + "Check out the documentation for more details.)"
                : "user ID 1."
            var reply = Self.error(403, "API rate limit exceeded for \(who) \(support)", Self.docsRateLimits)
            reply.consumesBudget = false
            return reply
        }
        return nil
    }

    /// The token of `Bearer T` or `token T` (scheme case-insensitive); nil for anything else.
    private static func credential(in authorization: String) -> String? {
        let parts = authorization.trimmingCharacters(in: .whitespaces)
            .split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, ["bearer", "token"].contains(parts[0].lowercased()) else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    private func route(_ request: RecordedRequest) -> Reply {
        guard request.method == "GET" || request.method == "HEAD" else { return Self.notFound }
        let segments = request.path.split(separator: "/").map(String.init)
        guard let first = segments.first else { return Self.notFound }
        switch first {
        case "rate_limit" where segments.count == 1:
            let core: OrderedJSON = .object([
                ("limit", .int(storedLimits.limit)),
                ("used", .int(storedLimits.used)),
                ("remaining", .int(storedLimits.remaining)),
                ("reset", .int(Int(storedLimits.resetAt.rounded(.up)))),
            ])
            var reply = Reply.json(200, .object([("resources", .object([("core", core)])), ("rate", core)]))
            reply.consumesBudget = false
            return reply
        case "repos" where segments.count >= 3:
            let key = "\(segments[1])/\(segments[2])".lowercased()
            let rest = Array(segments.dropFirst(3))
            if let id = idByName[key], let entry = entries[id] {
                return repositoryRoute(entry, rest: rest, request: request)
            }
            if let id = redirects[key] {
                let location = "\(origin)/repositories/\(id)" + rest.map { "/" + $0 }.joined()
                    + (Self.rawQuery(request.target).map { "?" + $0 } ?? "")
                return .json(301, .object([
                    ("message", .string("Moved Permanently")),
                    ("url", .string(location)),
                    ("documentation_url", .string(Self.docsRedirects)),
                ]), headers: [("Location", location)])
            }
            return Self.notFound
        case "repositories" where segments.count >= 2:
            guard let id = Int64(segments[1]), let entry = entries[id] else { return Self.notFound }
            return repositoryRoute(entry, rest: Array(segments.dropFirst(2)), request: request)
        default:
            return Self.notFound
        }
    }

    private func repositoryRoute(_ entry: Entry, rest: [String], request: RecordedRequest) -> Reply {
        if rest.isEmpty {
            let rendered = entry.repositoryBody ?? {
                let bytes = Array(renderer(entry).repositoryObject().compactText.utf8)
                return (bytes, fakeGitHubETag(bytes))
            }()
            entry.repositoryBody = rendered
            return conditional(rendered.bytes, etag: rendered.etag, request: request)
        }
        guard rest[0] == "issues", rest.count <= 2 else { return Self.notFound }
        guard entry.repository.hasIssues else {
            return Self.error(410, "Issues has been disabled in this repository.", Self.docsListIssues)
        }
        if rest.count == 2 {
            guard let number = Int(rest[1]), let index = entry.indexByNumber[number] else { return Self.notFound }
            let rendered = cachedBody(entry, key: "#\(number)") {
                Array(renderer(entry).issue(entry.repository.issues[index], single: true).compactText.utf8)
            }
            return conditional(rendered.bytes, etag: rendered.etag, request: request)
        }
        return issueList(entry, request: request)
    }

    private func issueList(_ entry: Entry, request: RecordedRequest) -> Reply {
        func value(_ name: String, default fallback: String) -> String {
            guard let raw = request.query[name], !raw.isEmpty else { return fallback }
            return raw
        }
        let state = value("state", default: "open")
        let sort = value("sort", default: "created")
        let direction = value("direction", default: "desc")
        var invalid: [(field: String, value: String)] = []
        if !["open", "closed", "all"].contains(state) { invalid.append(("state", state)) }
        if !["created", "updated", "comments"].contains(sort) { invalid.append(("sort", sort)) }
        if !["asc", "desc"].contains(direction) { invalid.append(("direction", direction)) }
        var since: Double?
        if let raw = request.query["since"], !raw.isEmpty {
            since = GitHubTime.parse(raw)
            if since == nil { invalid.append(("since", raw)) }
        }
        guard invalid.isEmpty else {
            return .json(422, .object([
                ("message", .string("Validation Failed")),
                ("errors", .array(invalid.map { field, value in
                    .object([
                        ("value", .string(value)),
                        ("resource", .string("Issue")),
                        ("field", .string(field)),
                        ("code", .string("invalid")),
                    ])
                })),
                ("documentation_url", .string(Self.docsListIssues)),
                ("status", .string("422")),
            ]))
        }
        let perPage = Int(value("per_page", default: "30")).map { $0 < 1 ? 30 : min($0, 100) } ?? 30
        let page = Int(value("page", default: "1")).map { max($0, 1) } ?? 1
        let wantedLabels = Set(value("labels", default: "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { !$0.isEmpty })
        let creator = request.query["creator"].flatMap { $0.isEmpty ? nil : $0.lowercased() }

        let total: Int
        let rendered: (bytes: [UInt8], etag: String)
        let cacheKey = "\(state)|\(sort)|\(direction)|\(since.map { String($0) } ?? "")|"
            + "\(wantedLabels.sorted())|\(creator ?? "")|\(perPage)|\(page)"
        if let cached = entry.bodies[cacheKey], let count = entry.pageTotals[cacheKey] {
            (rendered, total) = (cached, count)
        } else {
            var selected = entry.repository.issues.filter { issue in
                (state == "all" || issue.state == state)
                    && (since.map { Double(GitHubTime.seconds(issue.updatedAt)) >= $0 } ?? true)
                    && (creator.map { issue.author.login.lowercased() == $0 } ?? true)
                    && (wantedLabels.isEmpty
                        || wantedLabels.isSubset(of: Set(issue.labels.map { $0.name.lowercased() })))
            }
            func key(_ issue: FakeGitHubIssue) -> Int64 {
                switch sort {
                case "updated": return GitHubTime.seconds(issue.updatedAt)
                case "comments": return Int64(issue.comments)
                default: return GitHubTime.seconds(issue.createdAt)
                }
            }
            let ascending = direction == "asc"
            selected.sort { left, right in
                let (a, b) = (key(left), key(right))
                if a != b { return ascending ? a < b : a > b }
                return ascending ? left.number < right.number : left.number > right.number
            }
            total = selected.count
            let start = min(total, (page - 1).multipliedReportingOverflow(by: perPage).overflow
                ? total : (page - 1) * perPage)
            let pageItems = selected[start..<min(total, start + perPage)]
            rendered = cachedBody(entry, key: cacheKey) {
                let renderer = renderer(entry)
                var body: [UInt8] = [UInt8(ascii: "[")]
                for (position, issue) in pageItems.enumerated() {
                    if position > 0 { body.append(UInt8(ascii: ",")) }
                    if let cached = entry.listItems[issue.number] {
                        body += cached
                    } else {
                        let bytes = Array(renderer.issue(issue, single: false).compactText.utf8)
                        entry.listItems[issue.number] = bytes
                        body += bytes
                    }
                }
                body.append(UInt8(ascii: "]"))
                return body
            }
            entry.pageTotals[cacheKey] = total
        }
        let lastPage = max(1, (total + perPage - 1) / perPage)

        var reply = conditional(rendered.bytes, etag: rendered.etag, request: request)
        if reply.status == 200,
            let link = linkHeader(repositoryID: entry.repository.id, target: request.target,
                                  page: page, lastPage: lastPage, total: total)
        {
            reply.headers.append(("Link", link))
        }
        return reply
    }

    /// GitHub's `Link` header: rels prev, next, last, first; the first page has next and last,
    /// the last page prev and first; nil when there is nothing to link.
    private func linkHeader(repositoryID: Int64, target: String, page: Int, lastPage: Int, total: Int) -> String? {
        guard total > 0, !(page == 1 && lastPage == 1) else { return nil }
        let pairs = (Self.rawQuery(target) ?? "").split(separator: "&").map(String.init)
        func url(_ linked: Int) -> String {
            var output: [String] = []
            var replaced = false
            for pair in pairs {
                let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                if name == "page" {
                    if !replaced { output.append("page=\(linked)") }
                    replaced = true
                } else {
                    output.append(pair)
                }
            }
            if !replaced { output.append("page=\(linked)") }
            return "<\(origin)/repositories/\(repositoryID)/issues?\(output.joined(separator: "&"))>"
        }
        var rels: [String] = []
        if page > 1 { rels.append("\(url(page - 1)); rel=\"prev\"") }
        if page < lastPage {
            rels.append("\(url(page + 1)); rel=\"next\"")
            rels.append("\(url(lastPage)); rel=\"last\"")
        }
        if page > 1 { rels.append("\(url(1)); rel=\"first\"") }
        return rels.joined(separator: ", ")
    }

    /// The query exactly as sent (no decoding), without `?` or fragment; nil if there is none.
    private static func rawQuery(_ target: String) -> String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        var query = target[target.index(after: mark)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        return query.isEmpty ? nil : String(query)
    }

    /// 200 with a strong ETag, or a bodiless 304 (budget untouched) when If-None-Match matches.
    private func conditional(_ body: [UInt8], etag: String, request: RecordedRequest) -> Reply {
        let cacheControl = ("Cache-Control", "private, max-age=60, s-maxage=60")
        if let candidates = request.header("if-none-match"), Self.matches(candidates, etag) {
            return Reply(status: 304, body: [], headers: [cacheControl, ("ETag", etag)], consumesBudget: false)
        }
        return Reply(status: 200, body: body, headers: [cacheControl, ("ETag", etag)])
    }

    /// If-None-Match uses weak comparison (RFC 9110 §13.1.2): `W/` is ignored; `*` matches.
    private static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        func opaque(_ tag: Substring) -> Substring {
            let trimmed = Substring(tag.trimmingCharacters(in: .whitespaces))
            return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
        }
        let current = opaque(Substring(etag))
        return ifNoneMatch.split(separator: ",").contains { opaque($0) == "*" || opaque($0) == current }
    }

    private static var notFound: Reply { error(404, "Not Found", docsRoot) }

    private static func error(_ status: Int, _ message: String, _ documentation: String) -> Reply {
        .json(status, .object([
            ("message", .string(message)),
            ("documentation_url", .string(documentation)),
            ("status", .string(String(status))),
        ]))
    }

    // MARK: Helpers (callers hold the lock)

    private func renderer(_ entry: Entry) -> FakeGitHubRenderer {
        if let renderer = entry.renderer { return renderer }
        let renderer = FakeGitHubRenderer(api: origin, repository: entry.repository)
        entry.renderer = renderer
        return renderer
    }

    /// A body and its ETag from the entry's cache, rendering (and caching) it on a miss. The cache
    /// is bounded crudely: it is emptied when it grows past 512 bodies.
    private func cachedBody(
        _ entry: Entry, key: String, render: () -> [UInt8]
    ) -> (bytes: [UInt8], etag: String) {
        if let cached = entry.bodies[key] { return cached }
        if entry.bodies.count >= 512 {
            entry.bodies.removeAll()
            entry.pageTotals.removeAll()
        }
        let bytes = render()
        let rendered = (bytes, fakeGitHubETag(bytes))
        entry.bodies[key] = rendered
        return rendered
    }

    private func entry(named fullName: String) -> Entry {
        guard let id = idByName[fullName.lowercased()], let entry = entries[id] else {
            preconditionFailure("FakeGitHub: no repository named \(fullName)")
        }
        return entry
    }

    /// Now, at whole seconds, but strictly after every timestamp handed out or served so far.
    private func nextStamp() -> Int64 {
        let now = GitHubTime.seconds(Date())
        lastStamp = lastStamp == Int64.min ? now : max(now, lastStamp + 1)
        return lastStamp
    }

    private func refillIfDue(now: Double) {
        if now >= storedLimits.resetAt {
            storedLimits.used = 0
            storedLimits.resetAt = now + Self.window
        }
    }

    private func synchronized<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
