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
        let texts = ours.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(texts.map { source.unserved($0, servedAt: server.url) } == theirs.map { $0.text })
        // Every link to the API synced from is on this server now.
        #expect(texts.allSatisfy { !$0.contains(source.gitHub.baseURL) && $0.contains(server.url + "/api/v3/repos/") })
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
        #expect(repository.status == 200 && source.unserved(repository.text, servedAt: server.url) == original.text)
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
        // The root index's templates, filled in, lead to what was just asked.
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(try client.request("/api/v3/").body)) as? [String: String])
        let template = try #require(index["repository_url"])
        let filled = template.replacingOccurrences(of: "{owner}/{repo}", with: "OCTO-ORG/hello")
        #expect(try client.request(String(filled.dropFirst(server.url.count))).body == repository.body)
        #expect(index["user_repositories_url"] == server.url + "/api/v3/users/{user}/repos{?type,page,per_page,sort}")

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

    @Test("the API links in items lead back to this server, as clients that follow them (PyGithub) need")
    func itemLinksLeadHere() throws {
        let client = try RawHTTP(port: server.port)
        func object(_ path: String) throws -> [String: Any] {
            let answer = try client.request(path)
            #expect(answer.status == 200, "\(path): \(answer.status)")
            return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        }
        func path(_ link: Any?) throws -> String {
            let url = try #require(link as? String)
            #expect(url.hasPrefix(server.url + "/api/v3/"), "\(url)")
            return String(url.dropFirst(server.url.count))
        }
        let repository = try object("/api/v3/repos/octo-org/hello")
        #expect(try object(try path(repository["url"]))["id"] as? Int == repository["id"] as? Int)
        let issuesPath = try path(repository["issues_url"]).replacingOccurrences(of: "{/number}", with: "")
        let issues = try client.request(issuesPath)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(issues.body)) as? [[String: Any]])
        // Again, from the links' places kept the first time: the same bytes.
        #expect(try client.request(issuesPath).body == issues.body)
        let commented = try #require(items.first { ($0["comments"] as? Int ?? 0) > 0 })
        #expect(try object(try path(commented["url"]))["number"] as? Int == commented["number"] as? Int)
        let comments = try client.request(try path(commented["comments_url"]))
        let thread = try #require(try JSONSerialization.jsonObject(with: Data(comments.body)) as? [[String: Any]])
        #expect(thread.count == commented["comments"] as? Int)
        let comment = try #require(thread.first)
        #expect(try object(try path(comment["url"]))["id"] as? Int == comment["id"] as? Int)
        #expect(try object(try path(comment["issue_url"]))["number"] as? Int == commented["number"] as? Int)
    }

    @Test("an owner as its served repositories name it, by /users and /orgs; its repos_url lists them")
    func owner() throws {
        let client = try RawHTTP(port: server.port)
        let fake = try RawHTTP(port: source.gitHub.server.port)
        let repository = try #require(
            try JSONSerialization.jsonObject(with: Data(try fake.request("/repos/octo-org/hello").body))
                as? [String: Any])
        let expected = try #require(repository["owner"] as? [String: Any])
        for path in ["/api/v3/users/octo-org", "/api/v3/orgs/OCTO-ORG/"] {
            let answer = try client.request(path)
            #expect(answer.status == 200, "\(path)")
            let text = source.unserved(answer.text, servedAt: server.url)
            let owner = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(try Self.canonical(owner) == Self.canonical(expected), "\(path): \(answer.text)")
            #expect(answer.text.contains("\"url\":\"\(server.url)/api/v3/users/octo-org\""), "\(answer.text)")
        }
        let owner = try #require(
            try JSONSerialization.jsonObject(with: Data(try client.request("/api/v3/users/octo-org").body))
                as? [String: Any])
        let reposURL = try #require(owner["repos_url"] as? String)
        let repositories = try client.request(String(reposURL.dropFirst(server.url.count)))
        let names = try #require(try JSONSerialization.jsonObject(with: Data(repositories.body)) as? [[String: Any]])
        #expect(names.compactMap { $0["full_name"] as? String } == [ServedDatabase.repository])
        #expect(try client.request("/api/v3/users/nobody").status == 404)
    }

    @Test("owners synced repository by repository: listed, so another pokedex can sync them; private ones hidden")
    func privateOwner() throws {
        var vault = FakeGitHubRepository.generated(owner: "hidden", name: "vault", issueCount: 1)
        vault.isPrivate = true
        let gitHub = try FakeGitHub(
            repositories: [FakeGitHubRepository.generated(owner: "solo", name: "tool", issueCount: 2), vault])
        let path = source.directory.file("owners.sqlite")
        for repository in ["solo/tool", "hidden/vault"] {
            try ServedDatabase.expectSuccess(
                PokedexProcess.run(
                    ["--db", path, "sync", "issues", repository], environment: ["GITHUB_API_URL": gitHub.baseURL]))
        }
        let closedServer = try ServeProcess(database: path)
        let closed = try RawHTTP(port: closedServer.port)
        let solo = try closed.request("/api/v3/users/solo")
        #expect(solo.status == 200 && solo.text.contains(#""login":"solo""#), "\(solo.text)")
        // A user is no organisation, as on GitHub.
        #expect(try closed.request("/api/v3/orgs/solo").status == 404)
        #expect(try closed.request("/api/v3/users/hidden").status == 404)
        #expect(try closed.request("/api/v3/orgs/hidden").status == 404)
        let openServer = try ServeProcess(database: path, ["--include-private"])
        let open = try RawHTTP(port: openServer.port)
        #expect(try open.request("/api/v3/users/hidden").status == 200)

        // Their lists too, though each was synced by name: what the source holds of them.
        func names(_ client: RawHTTP, _ path: String) throws -> [String]? {
            let answer = try client.request(path)
            guard answer.status == 200 else { return nil }
            let items = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]]
            return items?.compactMap { $0["full_name"] as? String }
        }
        #expect(try names(closed, "/api/v3/users/solo/repos") == ["solo/tool"])
        #expect(try names(closed, "/api/v3/orgs/solo/repos") == nil)
        #expect(try names(closed, "/api/v3/users/hidden/repos") == nil)
        #expect(try names(open, "/api/v3/users/hidden/repos") == ["hidden/vault"])
        // So another pokedex can take the owner whole from this one.
        let copy = source.directory.file("owners-copy.sqlite")
        try ServedDatabase.expectSuccess(
            PokedexProcess.run(
                ["--db", copy, "sync", "issues", "solo"], environment: ["GITHUB_API_URL": closedServer.url + "/api/v3"])
        )
        let listed = try PokedexProcess.run(["--db", copy, "issues", "solo/tool", "--json"])
        #expect(listed.status == 0 && listed.stdout.contains("\"number\""), "\(listed.stderr)")
    }

    @Test(
        "a sync from serve, PokeAPI and GitHub, gives a database whose data equals the source's, behind a token too",
        arguments: [false, true])
    func syncFromServe(behindToken: Bool) throws {
        let token = "serve-token-\(UUID().uuidString)"
        let tokenFile = source.directory.file("sync-token")
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        let open = try ServeProcess(
            database: source.path, ["--include-private"] + (behindToken ? ["--token-file", tokenFile] : []))
        let target = source.directory.file("copy-\(behindToken).sqlite")
        let before = (source.api.server.requests.count, source.gitHub.requestCount, source.images.server.requests.count)
        let catalog = ["--db", target, "sync", "--artwork", "all", "--pokeapi-url", open.url + "/api/v2"]
        if behindToken {
            // Images included: the served ones are on the server's origin, under /media/.
            let refused = try PokedexProcess.run(catalog)
            // One line: a 401 stops the server's other kinds, which would each be refused too.
            #expect(
                refused.status == 77 && refused.stderr.components(separatedBy: "Error:").count == 2, "\(refused.stderr)"
            )
            #expect(
                refused.stderr.contains("HTTP 401") && refused.stderr.contains("wants a token: set POKEAPI_TOKEN"),
                "\(refused.stderr)")
            let wrong = try PokedexProcess.run(catalog, environment: ["POKEAPI_TOKEN": token + "-wrong"])
            #expect(
                wrong.status == 77 && wrong.stderr.contains("refused the token in POKEAPI_TOKEN")
                    && !wrong.stderr.contains(token), "\(wrong.stderr)")
        }
        // Read as `"$(cat token)"` reads a CRLF file: the CR is no part of the token.
        let credentials = behindToken ? ["POKEAPI_TOKEN": token + "\r", "GITHUB_TOKEN": token] : [:]
        try ServedDatabase.expectSuccess(PokedexProcess.run(catalog, environment: credentials))
        try ServedDatabase.expectSuccess(
            PokedexProcess.run(
                ["--db", target, "sync", "issues", ServedDatabase.owner, "--github-url", open.url + "/api/v3"],
                environment: credentials))
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

    /// `object` as JSON with sorted keys: equal objects, equal text.
    static func canonical(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// An answer's body as GitHub's error JSON: its message, nil when it is not that shape.
    static func gitHubError(_ answer: RawHTTP.Response) -> String? {
        guard answer.header("Content-Type")?.hasPrefix("application/json") == true,
            let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
            object["documentation_url"] is String
        else { return nil }
        return object["message"] as? String
    }

    @Test("/api/v3's errors in GitHub's JSON, its answers with X-RateLimit headers; /api/v2's errors stay text")
    func gitHubShapes() throws {
        let secret = "s3cret-\(UUID().uuidString)"
        let guarded = try ServeProcess(database: source.path, environment: ["POKEDEX_SERVE_TOKEN": secret])
        let client = try RawHTTP(port: guarded.port)
        let refused = try client.request("/api/v3/repos/octo-org/hello")
        #expect(refused.status == 401 && refused.header("WWW-Authenticate") == "Bearer")
        #expect(Self.gitHubError(refused) != nil, "\(refused.headers) \(refused.text)")
        #expect(refused.header("X-RateLimit-Remaining") == "5000")
        #expect(Self.gitHubError(refused) == "Requires authentication")
        #expect(try client.request("/api/v2/pokemon/1").text == "Requires authentication")
        let wrong = try client.request("/api/v3/repos/octo-org/hello", headers: ["Authorization": "Bearer nope"])
        #expect(wrong.status == 401 && Self.gitHubError(wrong) == "Bad credentials", "\(wrong.text)")
        #expect(guarded.stop() == 0)

        let method = try RawHTTP(port: server.port).request("/api/v3/repos/octo-org/hello", method: "DELETE")
        #expect(method.status == 405 && method.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(Self.gitHubError(method) != nil, "\(method.headers) \(method.text)")
        let anonymous = try RawHTTP(port: server.port)
        #expect(Self.gitHubError(try anonymous.request("/api/v3/nowhere")) == "Not Found")
        let answer = try anonymous.request("/api/v3/repos/octo-org/hello")
        let now = Int(Date().timeIntervalSince1970)
        #expect(answer.header("X-RateLimit-Limit") == "5000" && answer.header("X-RateLimit-Remaining") == "5000")
        #expect(answer.header("X-RateLimit-Used") == "0" && answer.header("X-RateLimit-Resource") == "core")
        let reset = try #require(answer.header("X-RateLimit-Reset").flatMap(Int.init))
        #expect(reset > now && reset <= now + 3700)
        let limits = try anonymous.request("/api/v3/rate_limit")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(limits.body)) as? [String: Any])
        let core = try #require((object["resources"] as? [String: Any])?["core"] as? [String: Any])
        #expect(core["limit"] as? Int == 5000 && core["remaining"] as? Int == 5000)
        let exposed = answer.header("Access-Control-Expose-Headers") ?? ""
        for (name, _) in answer.headers where name.lowercased().hasPrefix("x-ratelimit") {
            #expect(exposed.lowercased().contains(name.lowercased()), "\(name) sent, not exposed")
        }
        // As GitHub exposes it: a browser app reads how long a 503 asks it to wait.
        #expect(exposed.contains("Retry-After"), "\(exposed)")
        #expect(try anonymous.request("/api/v2/pokemon/1").header("X-RateLimit-Limit") == nil)
    }

    @Test("a preflight allows the headers a browser app asks for when they are header names")
    func preflightHeaders() throws {
        let client = try RawHTTP(port: server.port)
        func allowed(_ requested: String) throws -> String {
            let answer = try client.request(
                "/api/v3/repos/octo-org/hello", method: "OPTIONS",
                headers: ["Origin": "http://app.example", "Access-Control-Request-Headers": requested])
            #expect(answer.status == 204)
            return answer.header("Access-Control-Allow-Headers") ?? ""
        }
        let asked = try allowed("x-requested-with, cache-control,authorization")
        #expect(asked.contains("x-requested-with") && asked.contains("cache-control"), "\(asked)")
        #expect(asked.contains("Authorization") && !asked.contains("authorization"), "\(asked)")
        for odd in ["x-a b", "x-a/b", "x-(c)", String(repeating: "x-long,", count: 200) + "x"] {
            let usual = try allowed(odd)
            #expect(usual.hasPrefix("Authorization") && !usual.contains("x-"), "\(odd): \(usual)")
        }
    }
}
