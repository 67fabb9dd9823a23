import LoopbackHTTP
import TestSupport
import Testing

/// What `status` says of GitHub's rate limit after a sync that a limit stopped: the budget of
/// the answer that refused, not the last page's nor an earlier run's.
@Suite("Rate limit in status after a refused sync")
struct RateLimitStatusEndToEndTests {
    let directory: TemporaryDirectory
    let github: FakeGitHub
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 150)])
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String], token: String? = nil) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: ["GITHUB_API_URL": github.baseURL].merging(token.map { ["GITHUB_TOKEN": $0] } ?? [:]) { $1 })
    }

    /// A first sync, then `limit` set, then a sync that it stops (exit 75); what status says.
    func statusAfterRefusal(_ limit: () -> Void) throws -> String {
        try #require(try pokedex(["sync", "issues", "acme/rocket"]).status == 0)
        limit()
        let refused = try pokedex(["sync", "issues", "acme/rocket", "--max-wait", "1"])
        #expect(refused.status == 75, "\(refused.stderr)")
        return try pokedex(["status"]).stdout
    }

    @Test("the budget exhausted before the run's first page: 0 left")
    func primary() throws {
        let status = try statusAfterRefusal { github.exhaustRateLimit(resetIn: 3600) }
        #expect(status.contains("GitHub rate limit: 0 of 5,000 left"), "\(status)")
    }

    @Test("a rate limit after a PokeAPI failure: the failure's exit status, and a closing line naming both")
    func limitAfterFailure() throws {
        try #require(try pokedex(["sync", "issues", "acme/rocket"]).status == 0)
        let api = try FakePokeAPI()
        api.override = { request in
            request.path.hasPrefix("/api/v2/type/") ? ScriptedResponse(status: 200, body: Array("oops".utf8)) : nil
        }
        github.exhaustRateLimit(resetIn: 3600)
        let sync = try PokedexProcess.run(
            ["--db", database, "sync", "--artwork", "none", "--max-wait", "1"],
            environment: ["GITHUB_API_URL": github.baseURL, "POKEAPI_BASE_URL": api.baseURL])
        // 75 says "try later", which cron setups count as no failure: the bad body would hide.
        #expect(sync.status == 65, "\(sync.stderr)")
        let last = sync.stderr.split(separator: "\n").last ?? ""
        #expect(
            last.contains("sync finished with 2 failures") && last.contains("types")
                && last.contains("acme/rocket issues (rate limit)"), "\(sync.stderr)")
    }

    @Test("a secondary limit, which refuses with budget left: that budget, not 0")
    func secondary() throws {
        let status = try statusAfterRefusal { github.secondaryLimit(nextRequests: 100, retryAfter: 3600) }
        let line = try #require(status.split(separator: "\n").first { $0.contains("GitHub rate limit:") })
        #expect(!line.contains(": 0 of") && line.contains("of 5,000 left"), "\(line)")
    }

    @Test("a budget a run found spent is honoured by the next run of the same token; another token asks")
    func spentAcrossRuns() throws {
        _ = try statusAfterRefusal { github.exhaustRateLimit(resetIn: 3600) }
        github.server.resetLog()
        let next = try pokedex(["sync", "issues", "acme/rocket", "--max-wait", "1"])
        #expect(
            next.status == 75 && next.stderr.contains("rate limit is exhausted until")
                && next.stderr.contains("an earlier sync found it so, and nothing was sent"), "\(next.stderr)")
        #expect(github.server.requests.isEmpty, "nothing is sent before the reset")
        let other = try pokedex(["sync", "issues", "acme/rocket", "--max-wait", "1"], token: "ghp_another")
        #expect(other.status == 75, "\(other.stderr)")
        #expect(github.server.requests.count == 1, "another token's budget is its own: it asks once")
    }
}
