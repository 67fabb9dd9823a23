import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `pokedex serve` answering GitHub's REST API (GitHub Enterprise's layout, `/api/v3`) from a
/// synced database: pages compared byte for byte with what the fake GitHub answers.
@Suite("pokedex serve: GitHub end to end", .serialized)
struct ServeGitHubEndToEndTests {
    let source: ServedDatabase
    let server: ServeProcess

    init() throws {
        source = try ServedDatabase.shared.get()
        server = try ServeProcess(database: source.path)
    }

    /// Every page of `query` from its first, following `rel="next"` as a client does.
    func walk(_ client: RawHTTP, _ target: String, prefix: String) throws -> [RawHTTP.Response] {
        var pages: [RawHTTP.Response] = []
        var next: String? = target
        while let path = next {
            let page = try client.request(path)
            #expect(page.status == 200, "\(path): \(page.text)")
            pages.append(page)
            next = Self.link(page.header("Link"), "next").map { String($0.dropFirst(prefix.count)) }
        }
        return pages
    }

    static func link(_ header: String?, _ rel: String) -> String? {
        header?.components(separatedBy: ", ").first { $0.hasSuffix("rel=\"\(rel)\"") }.map {
            String($0.dropFirst().prefix { $0 != ">" })
        }
    }

    @Test(
        "a client's walk with Link headers gets GitHub's pages byte for byte, links on this origin",
        arguments: [
            "/repos/octo-org/hello/issues?state=all&per_page=7",
            "/repos/octo-org/hello/issues?state=closed&sort=updated&direction=asc&per_page=5",
            "/repos/octo-org/hello/issues?since=2021-01-01T00:00:00Z&sort=comments&per_page=9",
            "/repos/octo-org/hello/issues",
            "/repos/octo-org/hello/issues/comments?per_page=11",
            "/repos/octo-org/hello/issues/comments?sort=updated&direction=desc&since=2020-06-01T00:00:00Z",
            "/repos/octo-org/hello/issues/3/comments?per_page=2",
        ])
    func walkMatchesGitHub(query: String) throws {
        let served = try RawHTTP(port: server.port)
        let fake = try RawHTTP(port: source.gitHub.server.port)
        let ours = try walk(served, "/api/v3" + query, prefix: server.url)
        let theirs = try walk(fake, query, prefix: source.gitHub.baseURL)
        #expect(ours.map(\.body) == theirs.map(\.body))
        // The same links, escapes aside (`:` in a `since` may be sent escaped or not).
        #expect(
            ours.map {
                $0.header("Link")?.removingPercentEncoding?.replacingOccurrences(of: server.url + "/api/v3", with: "")
            }
                == theirs.map {
                    $0.header("Link")?.removingPercentEncoding?.replacingOccurrences(
                        of: source.gitHub.baseURL, with: "")
                })
        let items = ours.flatMap { page in (try? JSONSerialization.jsonObject(with: Data(page.body)) as? [Any]) ?? [] }
        #expect(!items.isEmpty)
        if let last = ours.last, ours.count > 1 {
            #expect(Self.link(last.header("Link"), "first") != nil && Self.link(last.header("Link"), "next") == nil)
        }
    }

    @Test("single items, owner lists, rate_limit; a repository synced as private only with --include-private")
    func itemsAndPrivacy() throws {
        let client = try RawHTTP(port: server.port)
        let fake = try RawHTTP(port: source.gitHub.server.port)
        let repository = try client.request("/api/v3/repos/OCTO-ORG/hello")
        let original = try fake.request("/repos/octo-org/hello")
        #expect(repository.status == 200 && repository.body == original.body)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(repository.body)) as? [String: Any])
        let id = try #require(object["id"] as? Int)
        #expect(try client.request("/api/v3/repositories/\(id)").body == repository.body)
        let listed = try client.request("/api/v3/repos/octo-org/hello/issues?state=all&per_page=100")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.body)) as? [[String: Any]])
        let number = try #require(items.first?["number"] as? Int)
        let single = try client.request("/api/v3/repos/octo-org/hello/issues/\(number)")
        #expect(single.status == 200 && single.header("X-GitHub-Media-Type") == "github.v3; format=json")
        #expect(try client.request("/api/v3/repos/octo-org/hello/issues/99999").status == 404)
        #expect(try client.request("/api/v3/repos/octo-org/nothing").status == 404)
        #expect(try client.request("/api/v3/repos/octo-org/hello/issues?state=bogus").status == 422)
        #expect(try client.request("/api/v3/rate_limit").status == 200)

        // The private repository: absent everywhere, by name, id, issues or owner list.
        let organization = try client.request("/api/v3/orgs/octo-org/repos")
        let names = try #require(try JSONSerialization.jsonObject(with: Data(organization.body)) as? [[String: Any]])
        #expect(names.compactMap { $0["full_name"] as? String } == [ServedDatabase.repository])
        #expect(try client.request("/api/v3/repos/\(ServedDatabase.secret)").status == 404)
        #expect(try client.request("/api/v3/repos/\(ServedDatabase.secret)/issues").status == 404)
        #expect(try client.request("/api/v3/users/nobody/repos").status == 404)

        let open = try ServeProcess(database: source.path, ["--include-private"])
        let both = try RawHTTP(port: open.port)
        #expect(try both.request("/api/v3/repos/\(ServedDatabase.secret)").status == 200)
        #expect(try both.request("/api/v3/repos/\(ServedDatabase.secret)/issues?state=all").status == 200)
        let all = try both.request("/api/v3/users/octo-org/repos")
        let allNames = try #require(try JSONSerialization.jsonObject(with: Data(all.body)) as? [[String: Any]])
        #expect(
            allNames.compactMap { $0["full_name"] as? String } == [ServedDatabase.repository, ServedDatabase.secret])
    }

    @Test("a sync from serve, PokeAPI and GitHub, gives a database whose data equals the source's")
    func syncFromServe() throws {
        let open = try ServeProcess(database: source.path, ["--include-private"])
        let target = source.directory.file("copy.sqlite")
        let before = (source.api.server.requests.count, source.gitHub.requestCount, source.images.server.requests.count)
        try ServedDatabase.expectSuccess(
            PokedexProcess.run(
                ["--db", target, "sync", "--artwork", "all", "--pokeapi-url", open.url + "/api/v2"]))
        try ServedDatabase.expectSuccess(
            PokedexProcess.run(
                ["--db", target, "sync", "issues", ServedDatabase.owner, "--github-url", open.url + "/api/v3"]))
        // Nothing reached the fakes: everything came from the server.
        #expect(
            (source.api.server.requests.count, source.gitHub.requestCount, source.images.server.requests.count)
                == before)
        let mine = try #require(try DatabaseSnapshot(of: target)).data().mapValues { rows in
            rows.map { source.unserved($0, servedAt: open.url) }.sorted()
        }
        let theirs = try #require(try DatabaseSnapshot(of: source.path)).data()
        #expect(mine == theirs, "\(DatabaseSnapshot.difference(mine, theirs))")
        let served = try ServedBodies(path: target).all().mapValues { source.unserved($0, servedAt: open.url) }
        let stored = try ServedBodies(path: source.path).all()
        #expect(served.count == stored.count && served.count > 100)
        for (key, body) in stored where served[key] != body {
            Issue.record("\(key) differs after a sync from serve")
        }
    }
}
