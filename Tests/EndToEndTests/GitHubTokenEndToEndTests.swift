import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `sync issues` against a GitHub that wants a token: what it says when the token is wrong or
/// missing, and that the token is never shown nor stored.
@Suite("pokedex sync issues: GitHub tokens end to end")
struct GitHubTokenEndToEndTests {
    let directory: TemporaryDirectory
    let database: String
    let repository = "acme/rocket"

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
    }

    @Test("a bad or missing token (401) is refused with a clear message that never shows the token")
    func badToken() throws {
        let guarded = try FakeGitHub(
            repositories: [.generated(owner: "acme", name: "rocket", issueCount: 5)],
            requiredToken: "right-token")
        let result = try PokedexProcess.run(
            ["--db", database, "sync", "issues", repository],
            environment: ["GITHUB_API_URL": guarded.baseURL, "GITHUB_TOKEN": "wrong-token-123"])
        #expect(result.status == 77)
        #expect(
            result.stderr.contains("401: Bad credentials")
                && result.stderr.contains("refused the token in GITHUB_TOKEN"),
            "\(result.stderr)")
        let missing = try PokedexProcess.run(
            ["--db", database, "sync", "issues", repository], environment: ["GITHUB_API_URL": guarded.baseURL])
        #expect(
            missing.status == 77 && missing.stderr.contains("401: Requires authentication")
                && missing.stderr.contains("wants a token") && missing.stderr.contains("set GITHUB_TOKEN"),
            "\(missing.stderr)")
        #expect(!result.stderr.contains("wrong-token-123") && !result.stdout.contains("wrong-token-123"))
        let good = try PokedexProcess.run(
            ["--db", database, "sync", "issues", repository],
            environment: ["GITHUB_API_URL": guarded.baseURL, "GH_TOKEN": "right-token"])
        #expect(good.status == 0, "GH_TOKEN is used when GITHUB_TOKEN is absent: \(good.stderr)")
        let stored = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(stored.range(of: Data("right-token".utf8)) == nil, "the token is never stored")
    }
}
