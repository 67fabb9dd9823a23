import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// The real binary against servers that never finish, send without end, or page forever: each
/// sync ends within its bounds (the process's own timeout here is the hang detector), with one
/// `Error:` line naming the URL, the documented exit status, every stored row as it was, and
/// bounded memory. The catalog and the repository are synced cleanly first; the hostile run
/// then revalidates everything (`--max-age 0`), so every request can be the one that misbehaves.
///
/// `--timeout 1` makes each request's total deadline 4 s. Peak RSS is the debug build's, which
/// needs more than the release build; the bound is loose enough for it.
@Suite("sync against hostile servers")
struct HostileServerEndToEndTests {
    /// Peak RSS pokedex stays under whatever the server sends: the issue's bound, met by the
    /// debug build too (the release build measured 26–70 MB on these cases).
    static let peakBytesBound = 100 << 20
    /// No hostile run may take longer: the deadline is 4 s, and there are no retries.
    static let runTimeout: TimeInterval = 40

    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
    }

    /// How a hostile run must end.
    struct Expectation: Sendable, CustomStringConvertible {
        let status: Int32
        /// In the `Error:` line besides the URL.
        let message: String
        /// The run's `--timeout`: a trickle's gaps, stretched past 1 s on a loaded machine
        /// (once in CI), would end it as idle before the deadline it tests.
        var timeoutSeconds = 1

        static let tooLarge = Expectation(status: 65, message: "larger than")
        static let deadline = Expectation(status: 69, message: "no complete answer within 8 s", timeoutSeconds: 2)
        static let noProgress = Expectation(status: 65, message: "leads nowhere")
        /// `100 Continue` answers carry none of the answer: libcurl's idle timeout (less than a
        /// byte of body a second for `--timeout`) ends them, before the deadline would.
        static let idle = Expectation(status: 69, message: "(timed out)")
        static let redirectLoop = Expectation(status: 69, message: "too many redirects")

        var description: String { "exit \(status), \"\(message)\"" }
    }

    /// One misbehaviour of one request; named by `name` alone in test output (a body may be
    /// megabytes long).
    struct HostileCase<Target: Sendable>: Sendable, CustomTestStringConvertible {
        let name: String
        let target: Target
        let answer: ScriptedResponse
        let expected: Expectation

        init(_ name: String, _ target: Target, _ answer: ScriptedResponse, _ expected: Expectation) {
            self.name = name
            self.target = target
            self.answer = answer
            self.expected = expected
        }

        var testDescription: String { name }
    }

    /// Which catalog request misbehaves.
    enum CatalogTarget: String, Sendable {
        case firstListPage, secondListPage, details
    }

    // Bodies without end come at 64 MB/s, a fast link, and at loopback's memory speed (which
    // FoundationNetworking could not cut in time: a few hundred MB to 1.7 GB of RSS).
    static let catalogCases: [HostileCase<CatalogTarget>] = [
        .init(
            "endless chunked list page", .firstListPage,
            .faulted(.endlessBody(declaredLength: nil, pieceEveryMicroseconds: 1_000)), .tooLarge
        ),
        .init(
            "list page declaring 100 GB, sent without end", .firstListPage,
            .faulted(.endlessBody(declaredLength: "100000000000", pieceEveryMicroseconds: 1_000)), .tooLarge
        ),
        .init(
            "endless details at 64 MB/s", .details,
            .faulted(.endlessBody(declaredLength: nil, pieceEveryMicroseconds: 1_000)), .tooLarge
        ),
        .init("5 MB details, their length declared", .details, .json(Self.paddedDetails(bytes: 5 << 20)), .tooLarge),
        .init("endless details at memory speed", .details, .faulted(.endlessBody(declaredLength: nil)), .tooLarge),
        // FoundationNetworking trapped here (`Int64(contentLength)` of libcurl's Double).
        .init(
            "Content-Length 2^63-1", .firstListPage, .faulted(.endlessBody(declaredLength: "9223372036854775807")),
            .tooLarge
        ),

        // A redirect's body is never read (FoundationNetworking buffered it whole until the
        // deadline): the redirect is followed at once, here back to the same page, until the
        // bound on redirects ends the loop.
        .init(
            "a redirect's endless body at 250 MB/s", .firstListPage,
            ScriptedResponse(status: 301, headers: [("Location", "/api/v2/pokemon/?offset=0&limit=100")])
                .withFault(.endlessBody(declaredLength: nil, pieceEveryMicroseconds: 250)), .redirectLoop
        ),
        .init(
            "list page trickled a byte every 50 ms", .firstListPage,
            .json(String(repeating: " ", count: 4_000) + "{}").withFault(.trickle(millisecondsPerByte: 50)), .deadline
        ),
        .init(
            "details trickled a byte every 50 ms", .details,
            .json(Self.paddedDetails(bytes: 4_000)).withFault(.trickle(millisecondsPerByte: 50)), .deadline
        ),
        .init(
            "endless 100 Continue before a list page", .secondListPage,
            .faulted(.endlessInterimResponses(millisecondsApart: 20)), .idle
        ),
        .init(
            "endless 100 Continue before details", .details,
            .faulted(.endlessInterimResponses(millisecondsApart: 20)), .idle
        ),
    ]

    /// JSON of `bytes` bytes whose shape is that of a detail body: whitespace, then `{}`.
    static func paddedDetails(bytes: Int) -> String { String(repeating: " ", count: bytes - 2) + "{}" }

    @Test("catalog: an answer without end or over its bound fails that request alone", arguments: catalogCases)
    func hostileCatalog(_ hostile: HostileCase<CatalogTarget>) throws {
        let (target, answer, expected) = (hostile.target, hostile.answer, hostile.expected)
        let api = try FakePokeAPI(catalog: CatalogFixture.catalog(count: 55))
        let pages = CatalogFixture.SmallPages(api: api)
        api.override = { pages.firstPage($0) }
        let clean = try PokedexProcess.run(["--db", database, "sync"], environment: ["POKEAPI_BASE_URL": api.baseURL])
        try #require(clean.status == 0, "\(clean.stderr)")
        let victim = api.catalog[30].id
        api.override = { request in
            let offset = request.query["offset"] ?? "0"
            let hit: Bool
            switch target {
            case .firstListPage: hit = CatalogFixture.isList(request) && offset == "0"
            case .secondListPage: hit = CatalogFixture.isList(request) && offset == "\(CatalogFixture.pageSize)"
            case .details: hit = CatalogFixture.detailID(request) == victim
            }
            return hit ? answer : pages.firstPage(request)
        }
        let url = target == .details ? "\(api.baseURL)/pokemon/\(victim)/" : "\(api.baseURL)/pokemon/"
        try expectHostileRun(
            ["sync", "--max-age", "0", "--retries", "0", "--timeout", "\(expected.timeoutSeconds)"],
            environment: ["POKEAPI_BASE_URL": api.baseURL],
            expected, naming: url)
    }

    @Test("catalog: pages that each link a fresh next with entries already listed stop the walk")
    func catalogPagesWithoutProgress() throws {
        let api = try FakePokeAPI(catalog: CatalogFixture.catalog(count: 55))
        let pages = CatalogFixture.SmallPages(api: api)
        api.override = { pages.firstPage($0) }
        let clean = try PokedexProcess.run(["--db", database, "sync"], environment: ["POKEAPI_BASE_URL": api.baseURL])
        try #require(clean.status == 0, "\(clean.stderr)")
        // From the second page on, every page holds the second page's entries and links the next
        // offset: a list without end that brings nothing new.
        let repeated = api.catalog[CatalogFixture.pageSize..<(2 * CatalogFixture.pageSize)].map { pokemon in
            "{\"name\":\"\(pokemon.name)\",\"url\":\"\(api.baseURL)/pokemon/\(pokemon.id)/\"}"
        }.joined(separator: ",")
        let origin = api.baseURL
        api.override = { request in
            guard CatalogFixture.isList(request), let offset = Int(request.query["offset"] ?? "0"), offset > 0 else {
                return pages.firstPage(request)
            }
            let next = "\(origin)/pokemon/?offset=\(offset + CatalogFixture.pageSize)&limit=\(CatalogFixture.pageSize)"
            return .json("{\"count\":100000,\"next\":\"\(next)\",\"previous\":null,\"results\":[\(repeated)]}")
        }
        // No answer here stalls: a timeout of its own would only fail the other kinds' requests
        // on a loaded machine (a chain's took over 1 s in .ci/run once).
        try expectHostileRun(
            ["sync", "--max-age", "0", "--retries", "0", "--timeout", "10"],
            environment: ["POKEAPI_BASE_URL": api.baseURL],
            .noProgress, naming: "\(api.baseURL)/pokemon/?offset=\(2 * CatalogFixture.pageSize)")
        // Three list pages of the clean run, three of this one up to the repeat, and the three
        // whole pages the sync asks for ahead of the page it waits for.
        #expect(api.server.requests.filter(CatalogFixture.isList).count <= 9, "the walk stopped at the repeat")
    }

    @Test("a request past its deadline is retried like a timeout, and the retry's answer is used")
    func deadlineIsTransient() throws {
        let api = try FakePokeAPI(catalog: CatalogFixture.catalog(count: 55))
        let pages = CatalogFixture.SmallPages(api: api)
        let attempts = Counter()
        api.override = { request in
            guard CatalogFixture.isList(request), (request.query["offset"] ?? "0") == "0", attempts.next() == 1 else {
                return pages.firstPage(request)
            }
            return .json(String(repeating: " ", count: 4_000) + "{}").withFault(.trickle(millisecondsPerByte: 50))
        }
        let (result, _) = try PeakMemory.run(
            ["--db", database, "sync", "--retries", "1", "--timeout", "1"],
            environment: ["POKEAPI_BASE_URL": api.baseURL], in: directory, timeout: Self.runTimeout)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(attempts.count == 2)
        #expect(try DatabaseSnapshot(of: database)?.storedPokemon().detailed.count == 55)
    }

    /// Which GitHub request misbehaves on the refresh.
    enum GitHubTarget: String, Sendable {
        case repository, issues
    }

    static let gitHubCases: [HostileCase<GitHubTarget>] = [
        .init(
            "endless issues page", .issues, .faulted(.endlessBody(declaredLength: nil, pieceEveryMicroseconds: 1_000)),
            .tooLarge),
        .init(
            "repository declaring 9 GB", .repository,
            .faulted(.endlessBody(declaredLength: "9000000000", pieceEveryMicroseconds: 1_000)), .tooLarge),
        .init(
            "repository trickled a byte every 50 ms", .repository,
            .json(String(repeating: " ", count: 4_000) + "{}").withFault(.trickle(millisecondsPerByte: 50)), .deadline
        ),
        .init(
            "endless 100 Continue before an issues page", .issues,
            .faulted(.endlessInterimResponses(millisecondsApart: 20)), .idle
        ),
    ]

    static let repository = "acme/rocket"

    /// A repository synced cleanly, and its fake.
    func syncedGitHub() throws -> FakeGitHub {
        let github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 30)])
        let clean = try PokedexProcess.run(
            ["--db", database, "sync", "issues", Self.repository], environment: ["GITHUB_API_URL": github.baseURL])
        try #require(clean.status == 0, "\(clean.stderr)")
        return github
    }

    @Test("GitHub: an answer without end or over its bound fails the sync, keeping every row", arguments: gitHubCases)
    func hostileGitHub(_ hostile: HostileCase<GitHubTarget>) throws {
        let (target, answer, expected) = (hostile.target, hostile.answer, hostile.expected)
        let github = try syncedGitHub()
        github.override = { request in
            let isIssues = request.path.hasSuffix("/issues")
            return (target == .issues) == isIssues ? answer : nil
        }
        try expectHostileRun(
            ["sync", "issues", Self.repository, "--retries", "0", "--timeout", "\(expected.timeoutSeconds)"],
            environment: ["GITHUB_API_URL": github.baseURL], expected,
            naming: target == .issues ? "\(github.baseURL)/repositories/" : "\(github.baseURL)/repos/acme/rocket")
    }

    @Test("GitHub: pages that each link a fresh next with issues already read stop the walk")
    func gitHubPagesWithoutProgress() throws {
        let github = try syncedGitHub()
        // Every issues page is the real first page (asked unconditionally), linking the next page
        // number: the same issues without end.
        github.override = { [github] request in
            guard request.path.hasSuffix("/issues") else { return nil }
            var headers = request.headers
            headers["if-none-match"] = nil
            let page = Int(request.query["page"] ?? "1") ?? 1
            let first = request.target.replacingOccurrences(of: "&page=\(page)", with: "")
            var answer = github.realAnswer(to: RecordedRequest(target: first, headers: headers))
            answer.headers =
                answer.headers.filter { $0.0.lowercased() != "link" } + [
                    ("Link", "<\(github.baseURL)\(first)&page=\(page + 1)>; rel=\"next\"")
                ]
            return answer
        }
        // Its first page links a next: committed, it keeps no ETag (what changes lands on a later
        // page), and nothing else changes.
        try expectHostileRun(
            ["sync", "issues", Self.repository, "--retries", "0", "--timeout", "10"],
            environment: ["GITHUB_API_URL": github.baseURL], .noProgress, naming: "&page=2", dropsIssuesETag: true)
    }

    @Test("GitHub: a valid page of issues just under its bound is stored, within the memory bound")
    func gitHubPageNearItsBound() throws {
        let github = try syncedGitHub()
        // All 30 issues (`since` and the ETag dropped), each body replaced by 234 KB: ≈7 MB.
        github.override = { [github] request in
            guard request.path.hasSuffix("/issues"), var everything = URLComponents(string: request.target) else {
                return nil
            }
            everything.queryItems = everything.queryItems?.filter { $0.name != "since" }
            var headers = request.headers
            headers["if-none-match"] = nil
            var answer = github.realAnswer(to: RecordedRequest(target: everything.string!, headers: headers))
            guard var issues = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]] else {
                return answer
            }
            for index in issues.indices { issues[index]["body"] = String(repeating: "pokédex ", count: 26_000) }
            answer.body = [UInt8]((try? JSONSerialization.data(withJSONObject: issues)) ?? Data())
            answer.headers = answer.headers.filter { !["link", "etag"].contains($0.0.lowercased()) }
            return answer
        }
        let (result, peakBytes) = try PeakMemory.run(
            ["--db", database, "sync", "issues", Self.repository, "--timeout", "5"],
            environment: ["GITHUB_API_URL": github.baseURL], in: directory, timeout: Self.runTimeout)
        #expect(result.status == 0, "\(result.stderr)")
        if let peakBytes { #expect(peakBytes <= Self.peakBytesBound, "peak RSS \(peakBytes >> 20) MB") }
        let stored = try #require(try DatabaseSnapshot(of: database))
        try stored.expectIntact("after the large page")
        #expect(try stored.rows("SELECT count(*) FROM github_issue WHERE length(body) > 200000") == [["i:30"]])
    }

    /// Runs a hostile sync and checks how it ended, the rows, and memory.
    func expectHostileRun(
        _ arguments: [String], environment: [String: String], _ expected: Expectation, naming url: String,
        dropsIssuesETag: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try #require(try DatabaseSnapshot(of: database))
        let (result, peakBytes) = try PeakMemory.run(
            ["--db", database] + arguments, environment: environment, in: directory, timeout: Self.runTimeout)
        #expect(result.status == expected.status, "\(expected): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.errors.count == 1, "one Error: line: \(result.stderr)", sourceLocation: sourceLocation)
        let error = result.errors.first ?? ""
        #expect(
            error.contains(expected.message) && error.contains(url), "\(expected), naming \(url): \(error)",
            sourceLocation: sourceLocation)
        let peak = try #require(peakBytes, "/usr/bin/time (Debian's `time`) measures the peak RSS")
        #expect(peak <= Self.peakBytesBound, "peak RSS \(peak >> 20) MB", sourceLocation: sourceLocation)
        let after = try #require(try DatabaseSnapshot(of: database))
        try after.expectIntact("after the hostile run", sourceLocation: sourceLocation)
        var (mine, theirs) = (try after.dump(), try before.dump())
        if dropsIssuesETag {
            let state = """
                SELECT repository_id, high_water_mark, repository_etag, issues_url, comments_high_water_mark,
                       comments_url, comments_etag FROM github_sync_state
                """
            #expect(try after.rows(state) == before.rows(state), sourceLocation: sourceLocation)
            let cleared = "SELECT issues_etag IS NULL FROM github_sync_state"
            #expect(try before.rows(cleared) == [["i:0"]], sourceLocation: sourceLocation)
            #expect(try after.rows(cleared) == [["i:1"]], sourceLocation: sourceLocation)
            (mine["github_sync_state"], theirs["github_sync_state"]) = (nil, nil)
        }
        #expect(mine == theirs, "\(DatabaseSnapshot.difference(mine, theirs))", sourceLocation: sourceLocation)
    }
}

/// Counts calls from the server's connection threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
