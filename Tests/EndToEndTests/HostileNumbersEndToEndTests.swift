import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// The real binary against servers that send numbers, dates and statuses nobody should trust:
/// no trap, a bounded wait, one `Error:` line with a documented exit, nothing stored lost.
@Suite("hostile numbers, dates and statuses end to end")
struct HostileNumbersEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String], _ environment: [String: String]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: environment, timeout: 60)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "a Retry-After of nan, inf, -1 or 1e300 on a 503 or a 429 neither traps nor waits unbounded",
        arguments: [503, 429], ["nan", "inf", "-1", "1e300", "99999999999999999999", "0x10"])
    func hostileRetryAfter(status: Int, retryAfter: String) throws {
        let api = try FakePokeAPI()
        api.override = { request in
            request.path.hasSuffix("/pokemon/25/")
                ? ScriptedResponse(status: status, headers: [("Retry-After", retryAfter)], body: Array("busy".utf8))
                : nil
        }
        let started = Date()
        let result = try pokedex(
            ["sync", "--retries", "2", "--retry-wait", "2"], ["POKEAPI_BASE_URL": api.baseURL])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30, "waits are clamped to --retry-wait")
        #expect(result.errors.count == 1 && result.errors[0].contains("/pokemon/25/"), "\(result.stderr)")
    }

    @Test(
        "a GitHub 429 whose Retry-After is unusable or huge stops at --max-wait (75), no trap",
        arguments: ["nan", "-1", "1e300", "99999999999999999999"])
    func hostileGitHubRetryAfter(retryAfter: String) throws {
        let github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 3)])
        github.override = { request in
            request.path.hasSuffix("/issues")
                ? ScriptedResponse(
                    status: 429, headers: [("Retry-After", retryAfter), ("X-RateLimit-Reset", "1e300")],
                    body: Array(#"{"message":"slow down"}"#.utf8))
                : nil
        }
        let started = Date()
        let result = try pokedex(
            ["sync", "issues", "acme/rocket", "--max-wait", "2"], ["GITHUB_API_URL": github.baseURL])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.errors.count == 1, "\(result.stderr)")
    }

    @Test(
        "a detail with a huge stat or a negative height is refused (65, naming the URL); stored rows stay",
        arguments: ["base_stat", "height", "weight"])
    func outOfRangeDetail(field: String) throws {
        let api = try FakePokeAPI()
        let environment = ["POKEAPI_BASE_URL": api.baseURL]
        #expect(try pokedex(["sync"], environment).status == 0)
        let before = try pokedex(["show", "pikachu", "--json"], environment).stdout
        api.update(id: 25) { pokemon in
            switch field {
            case "base_stat": pokemon.stats[0].base = 99_999_999_999
            case "height": pokemon.height = -1
            default: pokemon.weight = Int.max
            }
        }
        let result = try pokedex(["sync", "--max-age", "0"], environment)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.errors.count == 1 && result.errors[0].contains("/pokemon/25/") && result.errors[0].contains(field),
            "\(result.stderr)")
        #expect(try pokedex(["show", "pikachu", "--json"], environment).stdout == before, "the stored row is intact")
        #expect(try pokedex(["show", "pikachu"], environment).status == 0)
    }

    @Test("a 304 to a list request that sent no If-None-Match is a protocol error (65)")
    func unaskedNotModifiedList() throws {
        let api = try FakePokeAPI()
        api.override = { request in CatalogFixture.isList(request) ? ScriptedResponse(status: 304) : nil }
        let result = try pokedex(["sync"], ["POKEAPI_BASE_URL": api.baseURL])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errors.count == 1 && result.errors[0].contains("304"), "\(result.stderr)")
    }

    @Test("a 304 to a detail or an issues page asked for without a validator is a protocol error (65)")
    func unaskedNotModifiedDetailAndIssues() throws {
        let api = try FakePokeAPI()
        api.override = { request in
            request.path.hasSuffix("/pokemon/25/") && request.header("If-None-Match") == nil
                ? ScriptedResponse(status: 304) : nil
        }
        let detail = try pokedex(["sync"], ["POKEAPI_BASE_URL": api.baseURL])
        #expect(detail.status == 65 && detail.errors.first?.contains("/pokemon/25/") == true, "\(detail.stderr)")

        let github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 3)])
        github.override = { request in request.path.hasSuffix("/issues") ? ScriptedResponse(status: 304) : nil }
        let issues = try pokedex(["sync", "issues", "acme/rocket"], ["GITHUB_API_URL": github.baseURL])
        #expect(issues.status == 65 && issues.errors.first?.contains("304") == true, "\(issues.stderr)")
    }

    static func issueItem(id: Int, number: Int, updatedAt: String) -> String {
        """
        {"id":\(id),"number":\(number),"title":"hostile","body":null,"state":"open","locked":false,"comments":0,
        "user":null,"labels":[],"created_at":"2024-01-01T00:00:00Z","updated_at":"\(updatedAt)",
        "closed_at":null,"html_url":"https://example.invalid/\(id)"}
        """
    }

    @Test(
        "a page that would poison sync state is refused (65); the high-water mark stays and the next sync works",
        arguments: [
            ("[" + issueItem(id: 9001, number: 9001, updatedAt: "not a date") + "]", "updated_at"),
            ("[" + issueItem(id: 9001, number: 9001, updatedAt: "9999-12-31T23:59:59Z") + "]", "is dated 9999"),
            (
                "[" + issueItem(id: 9001, number: 9001, updatedAt: "2024-02-01T00:00:00Z") + ","
                    + issueItem(id: 9002, number: 9001, updatedAt: "2024-02-02T00:00:00Z") + "]",
                "numbered #9001"
            ),
        ])
    func poisonedState(item: String, says: String) throws {
        let github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 5)])
        let environment = ["GITHUB_API_URL": github.baseURL]
        #expect(try pokedex(["sync", "issues", "acme/rocket"], environment).status == 0)
        let sinceBefore = github.server.requests.last { $0.path.hasSuffix("/issues") }?.query["since"]
        #expect(sinceBefore != nil)
        github.override = { request in request.path.hasSuffix("/issues") ? .json(item) : nil }
        let refused = try pokedex(["sync", "issues", "acme/rocket"], environment)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(
            refused.errors.count == 1 && refused.errors[0].contains("/issues")
                && refused.errors[0].contains(says),
            "\(refused.stderr)")

        github.override = nil
        github.server.resetLog()
        let again = try pokedex(["sync", "issues", "acme/rocket"], environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(github.server.requests.first { $0.path.hasSuffix("/issues") }?.query["since"] == sinceBefore)
        let issues = try pokedex(["issues", "acme/rocket", "--state", "all", "--json"], environment).stdout
        #expect(!issues.contains("9001"), "nothing of the refused page was stored")
    }

    @Test("an item that takes a stored item's number deletes nothing: the stored one moves aside with its data")
    func numberTakenByAnotherItem() throws {
        let github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 5)])
        let environment = ["GITHUB_API_URL": github.baseURL]
        #expect(try pokedex(["sync", "issues", "acme/rocket"], environment).status == 0)
        let before = try pokedex(["issue", "acme/rocket#1", "--json"], environment)
        let stored = try json(before.stdout)
        let newcomer = Self.issueItem(id: 424_242, number: 1, updatedAt: "2026-11-30T00:00:00Z")
            .replacingOccurrences(of: "\"2024-01-01T00:00:00Z\"", with: "\"2026-11-29T00:00:00Z\"")
        github.override = { request in request.path.hasSuffix("/issues") ? .json("[" + newcomer + "]") : nil }
        let sync = try pokedex(["sync", "issues", "acme/rocket"], environment)
        #expect(sync.status == 0, "\(sync.stderr)")
        let all = try pokedex(
            ["issues", "acme/rocket", "--state", "all", "--all-kinds", "--limit", "100", "--json"], environment)
        let titles = try #require(
            try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(titles.count == 6, "five stored and the newcomer: \(all.stdout)")
        #expect(titles.contains { $0["title"] as? String == stored["title"] as? String }, "the old #1 is kept")
    }
}
