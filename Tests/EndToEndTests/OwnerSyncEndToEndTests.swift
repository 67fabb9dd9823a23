import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `sync issues OWNER`: every repository of a user or organisation, remembered for plain syncs.
@Suite("sync issues OWNER end to end")
struct OwnerSyncEndToEndTests {
    let directory: TemporaryDirectory
    let github: FakeGitHub
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        var closed = FakeGitHubRepository.generated(owner: "acme", name: "closed", issueCount: 3)
        closed.hasIssues = false
        var fork = FakeGitHubRepository.generated(owner: "acme", name: "fork", issueCount: 4)
        fork.isFork = true
        var old = FakeGitHubRepository.generated(owner: "acme", name: "old", issueCount: 5)
        old.isArchived = true
        github = try FakeGitHub(
            repositories: [
                .generated(owner: "acme", name: "anvil", issueCount: 60),
                .generated(owner: "acme", name: "bolt", issueCount: 150),
                .generated(owner: "acme", name: "crate", issueCount: 40),
                closed, fork, old,
                .generated(owner: "octocat", name: "hello", issueCount: 7),
            ],
            organizations: ["acme"], users: ["lonely"])
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String], environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: ["GITHUB_API_URL": github.baseURL].merging(environment) { $1 })
    }

    func stored() throws -> [String: [String: Any]] {
        let result = try pokedex(["repos", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["repository"] as! String, $0) })
    }

    @Test("an organisation: each repository with issues, skipping disabled, forks and archived unless asked")
    func organization() throws {
        let result = try pokedex(["sync", "issues", "acme"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(try stored().keys) == ["acme/anvil", "acme/bolt", "acme/crate"])
        #expect(result.stderr.contains("skipped acme/closed: issues disabled"), "\(result.stderr)")
        #expect(result.stderr.contains("skipped acme/fork: a fork"), "\(result.stderr)")
        #expect(result.stderr.contains("skipped acme/old: archived"), "\(result.stderr)")
        #expect(!github.server.requests.contains { $0.path.contains("/users/") }, "an organisation is listed as one")
        for name in ["anvil", "bolt", "crate"] { #expect(result.stderr.contains("synced acme/\(name):")) }
        let bolt = try #require(try stored()["acme/bolt"])
        #expect(bolt["comments"] as? Int == github.comments(of: "acme/bolt").count)
        #expect(
            (bolt["issues"] as? Int ?? 0) + (bolt["pull_requests"] as? Int ?? 0) == github.issues(of: "acme/bolt").count
        )

        let all = try pokedex(["sync", "issues", "acme", "--include-forks", "--include-archived"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(Set(try stored().keys) == ["acme/anvil", "acme/bolt", "acme/crate", "acme/fork", "acme/old"])
        let text = try pokedex(["repos"])
        #expect(text.stdout.hasPrefix("REPOSITORY"), "\(text.stdout)")
    }

    @Test("a user: the organisation list answers 404, the user's is read; unknown owners exit 66; none is fine")
    func usersAndUnknown() throws {
        let user = try pokedex(["sync", "issues", "octocat"])
        #expect(user.status == 0, "\(user.stderr)")
        #expect(Set(try stored().keys) == ["octocat/hello"])
        let unknown = try pokedex(["sync", "issues", "nobody"])
        #expect(unknown.status == 66)
        #expect(unknown.errors == ["Error: no GitHub user or organization nobody (HTTP 404)"], "\(unknown.stderr)")
        let lonely = try pokedex(["sync", "issues", "lonely"])
        #expect(lonely.status == 0, "an owner without repositories is not an error: \(lonely.stderr)")
        #expect(try pokedex(["sync", "issues", "octocat/hello", "--include-forks"]).status == 64)
    }

    @Test("a plain sync refreshes the owner's repositories and picks up new ones")
    func plainSyncPicksUpNewRepositories() throws {
        #expect(try pokedex(["sync", "issues", "acme"]).status == 0)
        github.addRepository(.generated(owner: "acme", name: "drill", issueCount: 9))
        let pokeAPI = try FakePokeAPI()
        github.server.resetLog()
        let refresh = try pokedex(["sync"], environment: ["POKEAPI_BASE_URL": pokeAPI.baseURL])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(Set(try stored().keys) == ["acme/anvil", "acme/bolt", "acme/crate", "acme/drill"])
        #expect(github.server.requests.first?.path == "/orgs/acme/repos", "the remembered kind is asked at once")
        let firstSynced = github.server.requests.dropFirst().first?.path
        #expect(
            firstSynced == "/repositories/\(FakeGitHubRepository.defaultID(owner: "acme", name: "drill"))",
            "the never-synced repository goes first: \(firstSynced ?? "")")
    }

    @Test("a rate limit after a repository failed: that failure's exit status, and a closing line naming both")
    func rateLimitAfterFailure() throws {
        let reset = String(Int(Date().timeIntervalSince1970) + 3_600)
        @Sendable func names(_ request: RecordedRequest, _ name: String) -> Bool {
            request.path.hasPrefix("/repos/acme/\(name)")
                || request.path.hasPrefix("/repositories/\(FakeGitHubRepository.defaultID(owner: "acme", name: name))")
        }
        github.override = { request in
            if names(request, "anvil") {
                return ScriptedResponse(status: 404, body: Array(#"{"message":"Not Found"}"#.utf8))
            }
            guard names(request, "crate") else { return nil }
            return ScriptedResponse(
                status: 403,
                headers: [
                    ("Content-Type", "application/json"), ("X-RateLimit-Remaining", "0"),
                    ("X-RateLimit-Reset", reset),
                ], body: Array(#"{"message":"API rate limit exceeded"}"#.utf8))
        }
        let result = try pokedex(["sync", "issues", "acme", "--max-wait", "1"])
        #expect(result.status == 66, "acme/anvil gone, not 75: \(result.stderr)")
        let last = result.stderr.split(separator: "\n").last ?? ""
        #expect(
            last.contains("sync finished with 2 failures") && last.contains("acme/anvil")
                && last.contains("acme/crate issues (rate limit)"), "\(result.stderr)")
    }

    @Test("a rate limit in the middle stops with exit 75 after a committed page; the next run resumes where it stopped")
    func rateLimitStop() throws {
        // The listing, anvil (1 + 1 issues page + 1 again + comments pages), then part of bolt.
        // Later than --max-wait 1 allows.
        github.setRemaining(12, resetIn: 4)
        let stopped = try pokedex(["sync", "issues", "acme", "--max-wait", "1"])
        #expect(stopped.status == 75, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("rate limit"), "\(stopped.stderr)")
        let partial = try stored()
        #expect(partial.count >= 1 && partial.count < 3, "stopped in the middle: \(partial.keys.sorted())")
        let done = Set(partial.filter { $0.value["last_synced"] is String }.keys)
        // The next run sends nothing before the spent budget's reset, then resumes.
        github.setRemaining(5_000, resetIn: 3_600)
        github.server.resetLog()
        let resumed = try pokedex(["sync", "issues", "acme", "--max-wait", "30"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(Set(try stored().keys) == ["acme/anvil", "acme/bolt", "acme/crate"])
        // The repositories not synced completely go first; the done ones last.
        let order = resumed.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "synced acme/") else { return nil }
            return "acme/" + line[range.upperBound...].prefix { $0 != ":" && $0 != " " }
        }
        #expect(Array(order.suffix(done.count)).sorted() == done.sorted(), "least recently synced first: \(order)")
        for name in ["acme/anvil", "acme/bolt", "acme/crate"] {
            #expect(try stored()[name]?["comments"] as? Int == github.comments(of: name).count, "\(name): none lost")
        }
    }
}
