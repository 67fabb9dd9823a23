import Foundation
import LoopbackHTTP
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing
import TextUtilities

/// Servers that quote the credentials pokedex sent them: the token must never reach stdout,
/// stderr, the database (`sync_run`, or anywhere in its files) or `status`.
@Suite("credentials echoed by a server end up nowhere")
struct CredentialEchoEndToEndTests {
    static let token = "ghp_EchoedSecret0123456789abcdef"
    static let repository = "acme/rocket"

    let directory: TemporaryDirectory
    let github: FakeGitHub
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        github = try FakeGitHub(repositories: [
            .generated(owner: "acme", name: "rocket", issueCount: 3),
            .generated(owner: "acme", name: "probe", issueCount: 1),
        ])
        database = directory.file("pokedex.sqlite")
    }

    /// Where and how a server quotes the token.
    enum Echo: String, CaseIterable, CustomStringConvertible {
        case body401, body403, body404, body422, body500
        case retryAfterHeader, otherHeaders, linkHeader, redirectLocation, redirectToOtherHost
        /// The token where the error's excerpt of the body cuts it in two.
        case paddedBody

        var description: String { rawValue }

        /// Whether pokedex's own message quotes what the server sent (so the redaction shows).
        var quotedInMessage: Bool {
            [.body401, .body403, .body422, .body500, .linkHeader, .paddedBody].contains(self)
        }

        func answer(_ request: RecordedRequest, token: String, baseURL: String, github: FakeGitHub)
            -> ScriptedResponse?
        {
            let echo = "{\"message\":\"Bad credentials: Bearer \(token)\",\"seen\":\"\(token)\"}"
            let repositoryID = FakeGitHubRepository.defaultID(owner: "acme", name: "rocket")
            switch self {
            case .body401: return .json(echo, status: 401)
            case .body403: return .json(echo, status: 403)
            case .body404: return .json(echo, status: 404)
            case .body422: return .json(echo, status: 422)
            case .body500: return .json(echo, status: 500)
            case .paddedBody:
                return .json(
                    "{\"padding\":\"\(String(repeating: "x", count: 90))\",\"seen\":\"\(token)\"}", status: 500)
            case .retryAfterHeader:
                return .json(echo, status: 429, headers: [("Retry-After", "Bearer \(token)")])
            case .otherHeaders:
                return .json(
                    echo, status: 500,
                    headers: [("WWW-Authenticate", "Bearer realm=\"\(token)\""), ("X-Echo", "Bearer \(token)")])
            case .linkHeader:
                // The first page (its real issues, so the walk goes on) points at a next page
                // whose URL carries the token; that page fails.
                guard request.path.hasSuffix("/issues") else { return nil }
                if request.query["access_token"] != nil { return .json(echo, status: 500) }
                let next = "\(baseURL)/repositories/\(repositoryID)/issues?page=2&access_token=\(token)"
                var first = github.realAnswer(to: request)
                first.headers =
                    first.headers.filter { $0.0.lowercased() != "link" } + [("Link", "<\(next)>; rel=\"next\"")]
                return first
            case .redirectLocation:
                guard request.path == "/repos/acme/rocket" else { return .json(echo, status: 422) }
                return ScriptedResponse(
                    status: 301, headers: [("Location", "\(baseURL)/repositories/\(repositoryID)?token=\(token)")])
            case .redirectToOtherHost:
                // Port 1 on loopback: nothing listens, so the redirect cannot be followed.
                return ScriptedResponse(status: 302, headers: [("Location", "http://127.0.0.1:1/steal?token=\(token)")])
            }
        }
    }

    @Test("the token quoted in an answer is redacted from every message and record", arguments: Echo.allCases)
    func echoed(_ echo: Echo) throws {
        // Another repository's data first: a first sync that stores nothing leaves no file to look in.
        #expect(try pokedex(["sync", "issues", "acme/probe"]).status == 0)
        let baseURL = github.baseURL
        // Weak: the fake keeps its override, which must not keep the fake.
        github.override = { [weak github] request in
            github.flatMap { echo.answer(request, token: Self.token, baseURL: baseURL, github: $0) }
        }
        let sync = try pokedex(["sync", "issues", Self.repository, "--max-wait", "0", "--retries", "0"])
        #expect(sync.status != 0, "\(sync.stderr)")
        #expect(sync.errors.count == 1, "one Error: line: \(sync.stderr)")
        if echo.quotedInMessage {
            #expect(sync.stderr.contains(SecretRedactor.placeholder), "\(sync.stderr)")
        }
        try expectNoToken(in: sync)
    }

    @Test("the token in a JSON field saved with the run, and in old rows, is not shown by status")
    func oldRows() throws {
        // Another repository's data first: a first sync that stores nothing leaves no file to look in.
        #expect(try pokedex(["sync", "issues", "acme/probe"]).status == 0)
        github.override = { _ in .json("{\"message\":\"Bad credentials \(Self.token)\"}", status: 401) }
        #expect(try pokedex(["sync", "issues", Self.repository]).status == 77)
        // A run recorded by an older pokedex, before redaction: status hides the token anyway.
        let connection = try Database(path: database)
        try connection.run("UPDATE sync_run SET error = ?", [.text("old message quoting Bearer \(Self.token)")])
        connection.close()
        for arguments in [["status"], ["status", "--json"]] {
            // Wide: the run's line is not wrapped.
            let status = try pokedex(arguments, environment: ["COLUMNS": "200"])
            #expect(status.status == 0, "\(status.stderr)")
            #expect(!status.stdout.contains(Self.token) && !status.stderr.contains(Self.token), "\(status.stdout)")
            #expect(status.stdout.contains("old message quoting Bearer \(SecretRedactor.placeholder)"))
        }
    }

    @Test("credentials in a base URL's userinfo are redacted, as written and as HTTP Basic sends them")
    func userinfo() throws {
        // Another repository's data first: a first sync that stores nothing leaves no file to look in.
        #expect(try pokedex(["sync", "issues", "acme/probe"]).status == 0)
        let password = "pa55w0rd-Secret"
        let pokeAPI = try FakePokeAPI()
        // The answer quotes the request's Authorization header (Basic base64 of user:password).
        pokeAPI.override = { request in
            .json("{\"seen\":\"\(request.header("Authorization") ?? "none")\"}", status: 404)
        }
        let withCredentials = pokeAPI.baseURL.replacingOccurrences(of: "http://", with: "http://robot:\(password)@")
        let sync = try pokedex(["sync", "--retries", "0"], environment: ["POKEAPI_BASE_URL": withCredentials])
        #expect(sync.status == 65, "\(sync.stderr)")
        #expect(sync.stderr.contains("http://\(SecretRedactor.placeholder)@127.0.0.1"), "\(sync.stderr)")
        let basic = Data("robot:\(password)".utf8).base64EncodedString()
        try expectNoToken(in: sync, secrets: [password, basic], environment: ["POKEAPI_BASE_URL": withCredentials])
    }

    @Test("a successful issues sync through a base URL with credentials stores none of them")
    func userinfoInStoredState() throws {
        let password = "gh-pa55w0rd-Secret"
        let withCredentials = github.baseURL.replacingOccurrences(of: "http://", with: "http://robot:\(password)@")
        let environment = ["GITHUB_API_URL": withCredentials]
        let sync = try pokedex(["sync", "issues", Self.repository], environment: environment)
        #expect(sync.status == 0, "\(sync.stderr)")
        let basic = Data("robot:\(password)".utf8).base64EncodedString()
        try expectNoToken(in: sync, secrets: [password, basic], environment: environment)
        // The stored first-page URL still finds its ETag: the refresh is conditional.
        let again = try pokedex(["sync", "issues", Self.repository], environment: environment)
        #expect(again.status == 0 && again.stderr.contains("unchanged"), "\(again.stderr)")
    }

    @Test("the token in stored issue content is GitHub's data, kept as served; pokedex's own records never carry it")
    func tokenInIssueData() throws {
        github.update(Self.repository) { repository in repository.issues[0].title = "leaked \(Self.token) here" }
        let sync = try pokedex(["sync", "issues", Self.repository])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(!sync.stderr.contains(Self.token) && sync.stdout.isEmpty)
        let runs = try #require(try DatabaseSnapshot(of: database)).rows("SELECT * FROM sync_run")
        #expect(!runs.isEmpty && !runs.description.contains(Self.token))
        let issue = try pokedex(["issue", "\(Self.repository)#1", "--json"])
        #expect(issue.stdout.contains("leaked \(Self.token) here"), "the data asked for is shown as stored")
    }

    // MARK: Helpers

    func pokedex(_ arguments: [String], environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: ["GITHUB_API_URL": github.baseURL, "GITHUB_TOKEN": Self.token].merging(environment) { $1 })
    }

    /// The token (and `secrets`) appear in no output of `result`, in no file of the database,
    /// and in neither form of `status`.
    func expectNoToken(
        in result: PokedexProcess.Result, secrets: [String] = [], environment: [String: String] = [:]
    ) throws {
        let secrets = [Self.token] + secrets
        // Its start too: an excerpt of a body may cut the token in two.
        for secret in secrets + [String(Self.token.prefix(8))] {
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(result.stderr)")
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory.file(file)))
            for secret in secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in \(file)")
            }
        }
        for arguments in [["status"], ["status", "--json"]] {
            let status = try pokedex(arguments, environment: environment)
            #expect(status.status == 0, "\(status.stderr)")
            for secret in secrets {
                #expect(!status.stdout.contains(secret) && !status.stderr.contains(secret), "\(status.stdout)")
            }
        }
    }
}
