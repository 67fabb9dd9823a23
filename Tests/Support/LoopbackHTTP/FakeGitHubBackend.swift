import Foundation

/// Everything the request handler needs, kept apart from `FakeGitHub` so that the server's
/// handler does not retain the public object.
final class FakeGitHubBackend: @unchecked Sendable {
    struct Counts {
        var requests = 0
        var notModified = 0
    }

    /// Mutable per-repository state, including render caches (invalidated on every change).
    final class Entry {
        var repository: FakeGitHubRepository
        var indexByNumber: [Int: Int] = [:]
        var renderer: FakeGitHubRenderer?
        var listItems: [Int: [UInt8]] = [:]
        /// Whole bodies keyed by normalised query, one to an issues page.
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
                precondition(
                    indexByNumber[issue.number] == nil,
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

    // Recursive so that an `update` closure may read the fake without deadlocking.
    let lock = NSRecursiveLock()
    let requiredToken: String?
    /// Owners (lower-cased) that are organisations: only they answer `/orgs/{owner}/repos`.
    let organizations: Set<String>
    /// Owners (lower-cased) that exist even without a repository here.
    let knownUsers: Set<String>
    var entries: [Int64: Entry] = [:]
    var idByName: [String: Int64] = [:]
    var redirects: [String: Int64] = [:]
    var origin = ""
    var port = 0
    var serial = 0
    var lastStamp: Int64
    var storedLimits: Limits
    var secondary: (remaining: Int, retryAfter: Int, status: Int) = (0, 0, 403)
    var storedCounts = Counts()
    var storedOverride: (@Sendable (RecordedRequest) -> ScriptedResponse?)?

    init(
        repositories: [FakeGitHubRepository], requiredToken: String?, organizations: Set<String> = [],
        users: Set<String> = []
    ) {
        self.requiredToken = requiredToken
        self.organizations = Set(organizations.map { $0.lowercased() })
        knownUsers = Set(users.map { $0.lowercased() })
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
            for comment in repository.comments {
                lastStamp = max(lastStamp, GitHubTime.seconds(comment.updatedAt))
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

    // MARK: Request handling

    func respond(to request: RecordedRequest) -> ScriptedResponse {
        // Called outside the lock: an override may itself inspect the fake.
        if let override = self.override, let scripted = override(request) {
            return scripted
        }
        return realAnswer(to: request)
    }

    /// The answer routing gives, the override aside.
    func realAnswer(to request: RecordedRequest) -> ScriptedResponse {
        synchronized { answer(request) }
    }

    /// Callers hold the lock.
    func answer(_ request: RecordedRequest) -> ScriptedResponse {
        let now = Date().timeIntervalSince1970
        storedCounts.requests += 1
        serial += 1
        let requestID =
            "\(hex(port & 0xFFFF, width: 4, uppercase: true)):\(hex(serial >> 16 & 0xFFFF, width: 4, uppercase: true)):"
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

    // MARK: Helpers (callers hold the lock)

    func renderer(_ entry: Entry) -> FakeGitHubRenderer {
        if let renderer = entry.renderer { return renderer }
        let renderer = FakeGitHubRenderer(
            api: origin, repository: entry.repository,
            ownerIsOrganization: organizations.contains(entry.repository.owner.lowercased()))
        entry.renderer = renderer
        return renderer
    }

    /// A body and its ETag from the entry's cache, rendering (and caching) it on a miss. The cache
    /// is bounded crudely: it is emptied when it grows past 512 bodies.
    func cachedBody(
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

    func entry(named fullName: String) -> Entry {
        guard let id = idByName[fullName.lowercased()], let entry = entries[id] else {
            preconditionFailure("FakeGitHub: no repository named \(fullName)")
        }
        return entry
    }

    /// Now, at whole seconds, but strictly after every timestamp handed out or served so far.
    func nextStamp() -> Int64 {
        let now = GitHubTime.seconds(Date())
        lastStamp = lastStamp == Int64.min ? now : max(now, lastStamp + 1)
        return lastStamp
    }

    func synchronized<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
