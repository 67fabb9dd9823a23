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

    func pokedex(_ arguments: [String]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: ["GITHUB_API_URL": github.baseURL])
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

    @Test("a secondary limit, which refuses with budget left: that budget, not 0")
    func secondary() throws {
        let status = try statusAfterRefusal { github.secondaryLimit(nextRequests: 100, retryAfter: 3600) }
        let line = try #require(status.split(separator: "\n").first { $0.contains("GitHub rate limit:") })
        #expect(!line.contains(": 0 of") && line.contains("of 5,000 left"), "\(line)")
    }
}
