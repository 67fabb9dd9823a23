import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// The real `pokedex` binary against a GitHub look-alike on loopback.
@Suite("pokedex sync issues, issues and issue end to end")
struct IssuesEndToEndTests {
    let directory: TemporaryDirectory
    let github: FakeGitHub
    let database: String
    static let repository = "acme/rocket"
    static let issueCount = 250

    init() throws {
        directory = try TemporaryDirectory()
        github = try FakeGitHub(repositories: [
            .generated(owner: "acme", name: "rocket", issueCount: Self.issueCount)
        ])
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String], environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: ["GITHUB_API_URL": github.baseURL].merging(environment) { $1 })
    }

    func sync(_ environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try pokedex(["sync", "issues", Self.repository, "--max-wait", "5"], environment: environment)
    }

    func storedIssues(_ repository: String = Self.repository) throws -> [[String: Any]] {
        let result = try pokedex(["issues", repository, "--state", "all", "--all-kinds", "--limit", "100000", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test("the first sync follows Link pagination and stores every issue and pull request")
    func firstSync() throws {
        let result = try sync()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let stored = try storedIssues()
        #expect(stored.count == Self.issueCount)
        #expect(Set(stored.compactMap { $0["number"] as? Int }) == Set(1...Self.issueCount))
        let pullRequests = github.issues(of: Self.repository).filter(\.isPullRequest).count
        #expect(stored.filter { $0["is_pull_request"] as? Bool == true }.count == pullRequests)
        let pages = github.server.requests.filter { $0.path.hasSuffix("/issues") }
        #expect(pages.count == 4, "three pages of 100, then the walk from the new high-water mark")
        #expect(pages.filter { $0.query["page"] != nil }.count == 2, "later pages follow the Link header as given")
        #expect(pages.allSatisfy { $0.path.hasPrefix("/repositories/") }, "issues are asked for by repository id")
        let first = try #require(pages.first)
        #expect(first.query["state"] == "all" && first.query["sort"] == "updated" && first.query["direction"] == "asc")
        #expect(first.query["per_page"] == "100" && first.query["since"] == nil)
        #expect(first.header("Accept") == "application/vnd.github+json")
        #expect(first.header("X-GitHub-Api-Version") == "2022-11-28")
        #expect(first.header("User-Agent")?.hasPrefix("pokedex/") == true)
    }

    @Test("a refresh with nothing changed costs three requests (repository, issues, comments), all 304")
    func noChangeRefresh() throws {
        #expect(try sync().status == 0)
        github.resetCounters()
        github.server.resetLog()
        let again = try sync()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(github.requestCount == 3 && github.notModifiedCount == 3)
        #expect(github.server.requests.map(\.path).last?.hasSuffix("/issues/comments") == true)
        #expect(try storedIssues().count == Self.issueCount)
    }

    @Test("issues touched upstream are fetched again and updated; new ones appear")
    func incremental() throws {
        #expect(try sync().status == 0)
        github.touch(Self.repository, numbers: [7, 42, 199], state: "closed")
        let created = github.createIssues(Self.repository, count: 2)
        github.server.resetLog()
        let refresh = try sync()
        #expect(refresh.status == 0)
        #expect(
            refresh.stderr.contains("issues and pull requests, 5 new or changed"),
            "exactly the 3 touched and 2 created: \(refresh.stderr)")
        let since = github.server.requests.compactMap { $0.query["since"] }
        #expect(!since.isEmpty, "later syncs ask only for what changed")
        let stored = try storedIssues()
        #expect(stored.count == Self.issueCount + 2)
        for number in [7, 42, 199] {
            let issue = try #require(stored.first { $0["number"] as? Int == number })
            #expect((issue["title"] as? String)?.hasSuffix("[edited]") == true)
            #expect(issue["state"] as? String == "closed")
        }
        #expect(Set(created).isSubset(of: Set(stored.compactMap { $0["number"] as? Int })))
    }

    @Test(
        "a page of issues or more updated in the newest second: a refresh still finds those created after",
        arguments: [120, 100])
    func fullFirstPageAtTheHighWaterMark(count: Int) throws {
        // Updated in one second: the walk from that high-water mark has a first page of 100 of
        // them (with a next page, or exactly full), which stays the same when issues are created
        // after (none is in a milestone, whose open-issue count each would show).
        let touched = github.issues(of: Self.repository).filter { $0.milestone == nil }.prefix(count).map(\.number)
        try #require(touched.count == count)
        github.touch(Self.repository, numbers: touched)
        #expect(try sync().status == 0)
        let created = github.createIssues(Self.repository, count: 2)
        let refresh = try sync()
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let stored = Set(try storedIssues().compactMap { $0["number"] as? Int })
        #expect(Set(created).isSubset(of: stored), "\(refresh.stderr)")
        #expect(stored.count == Self.issueCount + 2)
    }

    @Test("a renamed repository (301) keeps one row under its new name")
    func rename() throws {
        #expect(try sync().status == 0)
        github.rename(Self.repository, to: "acme/starship")
        github.server.resetLog()
        // Asked for by its old name: GitHub answers 301, which is followed.
        let byOldName = try sync()
        #expect(byOldName.status == 0, "\(byOldName.stderr)")
        #expect(github.server.requests.first?.path == "/repos/acme/rocket")
        #expect(byOldName.stderr.contains("acme/starship") && byOldName.stderr.contains("renamed from acme/rocket"))
        #expect(try storedIssues("acme/starship").count == Self.issueCount)
        #expect(try pokedex(["issues", "acme/rocket"]).status == 66, "the old name is gone, not duplicated")

        // A refresh of everything asks by id, so a rename needs no redirect at all.
        github.rename("acme/starship", to: "acme/spaceship")
        github.server.resetLog()
        let pokeAPI = try FakePokeAPI()
        let refresh = try pokedex(
            ["sync"],
            environment: [
                "POKEAPI_BASE_URL": pokeAPI.baseURL,
                "GITHUB_TOKEN": "s3cret-token",
            ])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stderr.contains("acme/spaceship (renamed from acme/starship)"), "\(refresh.stderr)")
        #expect(!github.server.requests.contains { $0.path.hasPrefix("/repos/") })
        #expect(try storedIssues("acme/spaceship").count == Self.issueCount)
        #expect(!pokeAPI.server.requests.isEmpty)
        #expect(pokeAPI.server.requests.allSatisfy { $0.header("Authorization") == nil }, "no token to PokeAPI")
        #expect(github.server.requests.last?.header("Authorization") == "Bearer s3cret-token")
    }

    @Test("a name reused upstream by a new repository keeps the old repository's data")
    func nameReused() throws {
        #expect(try sync().status == 0)
        github.rename(Self.repository, to: "acme/old-rocket")
        let reused = try FakeGitHub(repositories: [
            .generated(owner: "acme", name: "rocket", issueCount: 3, id: 7_000_000_001)
        ])
        let result = try PokedexProcess.run(
            ["--db", database, "sync", "issues", Self.repository],
            environment: ["GITHUB_API_URL": reused.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try storedIssues().count == 3, "acme/rocket is now the new repository")
        let refresh = try pokedex(["sync", "issues", "acme/old-rocket"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(try storedIssues("acme/old-rocket").count == Self.issueCount, "the old repository's issues were kept")
    }

    @Test("an unknown or private repository: a clear message, exit 66, nothing stored")
    func notFound() throws {
        let result = try pokedex(["sync", "issues", "acme/ghost"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("not found, or private: set GITHUB_TOKEN"), "\(result.stderr)")
        #expect(try pokedex(["issues", "acme/ghost"]).status == 66)
    }

    @Test("a repository with issues disabled (410) says so")
    func issuesDisabled() throws {
        github.update(Self.repository) { $0.hasIssues = false }
        let result = try sync()
        #expect(result.status == 65)
        #expect(result.stderr.contains("issues disabled"), "\(result.stderr)")
    }

    @Test("a first sync of a repository that cannot be reached names it as never synced, not the database")
    func unreachableFirstSync() throws {
        let result = try PokedexProcess.run(
            ["--db", database, "sync", "issues", Self.repository, "--retries", "0"],
            environment: ["GITHUB_API_URL": "http://127.0.0.1:9"])
        #expect(
            result.status != 0
                && result.stderr.contains("local data unchanged, acme/rocket issues never synced completely"),
            "\(result.stderr)")
    }

    @Test("a primary rate limit that resets soon is waited out")
    func shortRateLimit() throws {
        github.exhaustRateLimit(resetIn: 2)
        let result = try sync()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try storedIssues().count == Self.issueCount)
    }

    @Test("a primary rate limit that resets late stops with exit 75 and keeps what was committed")
    func longRateLimit() throws {
        // Later than --max-wait 5 allows.
        github.setRemaining(2, resetIn: 7)
        let result = try sync()
        #expect(result.status == 75)
        #expect(result.stderr.contains("rate limit") && result.stderr.contains("run again"), "\(result.stderr)")
        #expect(try storedIssues().count == 100, "the repository and the first page were committed")
        // The page that spent the budget said so: no request is sent to be refused.
        #expect(github.requestCount == 2, "\(github.requestCount) requests")

        // The next sync sends nothing before the reset the spent budget gave (GitHub asks so),
        // then resumes after the committed page.
        github.setRemaining(5000, resetIn: 3600)
        github.server.resetLog()
        let resumed = try pokedex(["sync", "issues", Self.repository, "--max-wait", "30"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(
            resumed.stderr.contains("issues and pull requests, \(Self.issueCount - 100) new or changed"),
            "committed pages are not downloaded again: \(resumed.stderr)")
        #expect(github.server.requests.first { $0.path.hasSuffix("/issues") }?.query["since"] != nil)
        #expect(try storedIssues().count == Self.issueCount)
    }

    @Test("a secondary rate limit with Retry-After is waited out")
    func secondaryRateLimit() throws {
        github.secondaryLimit(nextRequests: 2, retryAfter: 1, status: 429)
        let result = try sync()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try storedIssues().count == Self.issueCount)
    }

    @Test("a Retry-After of 0 answered again and again stops at --max-wait instead of spinning")
    func endlessZeroRetryAfter() throws {
        github.secondaryLimit(nextRequests: 1_000, retryAfter: 0, status: 429)
        let result = try pokedex(["sync", "issues", Self.repository, "--max-wait", "2"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(github.requestCount <= 3, "waits of at least a second each: \(github.requestCount) requests")
    }

    @Test("a server error on a page is retried")
    func serverErrorRetried() throws {
        let failed = Flag()
        github.override = { request in
            request.path.hasSuffix("/issues") && request.query["page"] == "2" && failed.setOnce()
                ? .json(#"{"message":"Server Error"}"#, status: 502) : nil
        }
        let result = try sync()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(failed.isSet)
        #expect(try storedIssues().count == Self.issueCount)
    }

    @Test("GitHub Enterprise without rate-limit headers works")
    func noRateLimitHeaders() throws {
        github.sendsRateLimitHeaders = false
        #expect(try sync().status == 0)
        #expect(try storedIssues().count == Self.issueCount)
    }

    @Test("a redirect to another host does not carry the token")
    func redirectDropsToken() throws {
        let elsewhere = try LoopbackServer { _ in .json("[]") }
        let target = "http://localhost:\(elsewhere.port)/collected"
        github.override = { request in
            request.path.hasSuffix("/issues")
                ? ScriptedResponse(status: 307, headers: [("Location", target)], body: []) : nil
        }
        let result = try sync(["GITHUB_TOKEN": "s3cret-token"])
        #expect(result.status == 0, "\(result.stderr)")
        let forwarded = try #require(elsewhere.requests.first)
        #expect(forwarded.header("Authorization") == nil)
        let direct = try #require(github.server.requests.first)
        #expect(direct.header("Authorization") == "Bearer s3cret-token")
    }

    @Test("titles with terminal escapes are shown harmlessly; JSON keeps them escaped")
    func terminalEscapes() throws {
        #expect(try sync().status == 0)
        let text = try pokedex(["issues", Self.repository, "--state", "all", "--all-kinds", "--limit", "1000"])
        #expect(!text.stdout.contains("\u{1B}"))
        #expect(text.stdout.contains("^[[31m"))
        let shown = try pokedex(["issue", Self.repository + "#3"])
        #expect(!shown.stdout.contains("\u{1B}") && shown.stdout.contains("^[[31mred"))
        let json = try pokedex(["issue", Self.repository + "#3", "--json"])
        #expect(json.stdout.contains(#"\u001b[31m"#))
        let issue = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((issue["title"] as? String)?.contains("\u{1B}[31mred") == true)
        for key in [
            "number", "title", "state", "state_reason", "is_pull_request", "labels", "author", "comments",
            "created_at", "updated_at", "closed_at", "html_url", "body",
        ] {
            #expect(issue.keys.contains(key), "\(key) missing")
        }
    }

    @Test("filters: state, label, author, search and kinds")
    func filters() throws {
        #expect(try sync().status == 0)
        let upstream = github.issues(of: Self.repository)
        func numbers(_ arguments: [String]) throws -> Set<Int> {
            let result = try pokedex(["issues", Self.repository, "--limit", "1000", "--json"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let items = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return Set(items.compactMap { $0["number"] as? Int })
        }
        #expect(try numbers([]) == Set(upstream.filter { !$0.isPullRequest && $0.state == "open" }.map(\.number)))
        #expect(
            try numbers(["--state", "closed", "--pulls"])
                == Set(upstream.filter { $0.isPullRequest && $0.state == "closed" }.map(\.number)))
        #expect(
            try numbers(["--state", "all", "--label", "bug"])
                == Set(upstream.filter { !$0.isPullRequest && $0.labels.contains { $0.name == "bug" } }.map(\.number)))
        #expect(
            try numbers(["--state", "all", "--author", "OCTOCAT"])
                == Set(upstream.filter { !$0.isPullRequest && $0.author.login == "octocat" }.map(\.number)))
        #expect(try numbers(["--state", "all", "--all-kinds", "--search", "colour terminal"]).contains(3))
    }

    @Test("every listed issue carries its own labels and assignees in GitHub's order, read for the page at once")
    func labelsAndAssigneesPerIssue() throws {
        #expect(try sync().status == 0)
        let upstream = Dictionary(uniqueKeysWithValues: github.issues(of: Self.repository).map { ($0.number, $0) })
        let stored = try storedIssues()
        #expect(stored.count == upstream.count)
        for item in stored {
            let number = try #require(item["number"] as? Int)
            let issue = try #require(upstream[number])
            #expect(item["labels"] as? [String] == issue.labels.map(\.name), "#\(issue.number)")
            #expect(item["assignees"] as? [String] == issue.assignees.map(\.login), "#\(issue.number)")
        }
        let assigned = upstream.values.filter { $0.assignees.count > 1 }.map(\.number).sorted().prefix(5)
        #expect(!assigned.isEmpty, "the fixture has issues with several assignees")
        for number in assigned {
            let result = try pokedex(["issue", "\(Self.repository)#\(number)", "--json"])
            let item = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(item["assignees"] as? [String] == upstream[number]!.assignees.map(\.login), "#\(number)")
        }
    }

    @Test("a search lists matches newest first, and pages through them without gaps or repeats")
    func searchPages() throws {
        #expect(try sync().status == 0)
        func numbers(_ arguments: [String]) throws -> [Int] {
            let result = try pokedex(
                ["issues", Self.repository, "--state", "all", "--search", "crash", "--json"]
                    + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let items = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return items.compactMap { $0["number"] as? Int }
        }
        let upstream = github.issues(of: Self.repository).filter { issue in
            !issue.isPullRequest && "\(issue.title) \(issue.body ?? "")".lowercased().contains("crash")
        }
        // Newest first at the second precision GitHub renders, then by number.
        func key(_ issue: FakeGitHubIssue) -> (Int, Int) { (Int(issue.createdAt.timeIntervalSince1970), issue.number) }
        let expected = upstream.sorted { key($0) > key($1) }.map(\.number)
        #expect(expected.count > 10, "the fixture has enough matches to page through")
        #expect(try numbers(["--limit", "1000"]) == expected)
        var paged: [Int] = []
        for offset in stride(from: 0, to: expected.count, by: 7) {
            paged += try numbers(["--limit", "7", "--offset", "\(offset)"])
        }
        #expect(paged == expected)
    }

    @Test("the token never reaches stdout, stderr or the database")
    func tokenStaysSecret() throws {
        let token = "ghp_s3cretTokenValue"
        let result = try pokedex(["-v", "sync", "issues", Self.repository], environment: ["GITHUB_TOKEN": token])
        #expect(result.status == 0)
        #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory.file(file)))
            #expect(data.range(of: Data(token.utf8)) == nil, "\(file) holds the token")
        }
    }

    @Test(
        "malformed OWNER/REPO or OWNER is a usage error",
        arguments: [
            "acme!", "-acme", "acme/rocket/x", "acme/..", "-acme/rocket", "acme/rock et", "acme/rocket#1",
        ])
    func badRepositoryNames(name: String) throws {
        let result = try pokedex(["sync", "issues", name])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}

/// A flag set once across the server's threads.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// Sets the flag; true only for the call that set it.
    func setOnce() -> Bool {
        lock.withLock {
            defer { value = true }
            return !value
        }
    }

    var isSet: Bool { lock.withLock { value } }
}
