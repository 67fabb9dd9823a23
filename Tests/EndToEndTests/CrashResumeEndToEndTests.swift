import CSQLite
import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `kill -9` at many points of a sync, then the checks a user would care about: the database is
/// intact, nothing committed is lost, the next sync resumes without downloading committed work
/// again, and it ends with exactly the rows of an uninterrupted sync.
///
/// Kill points are counted in requests (the n-th request of a kind, seen by the fake server's
/// `override`), not in wall-clock time, so each run is killed at the same place of the protocol
/// however loaded the machine is; a few points add a short delay after the request so that the
/// kill lands while a page is being committed.
@Suite("kill -9 during a sync, then resume")
struct CrashResumeEndToEndTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    // MARK: Catalog

    /// 120 Pokémon served 20 to a list page: 6 pages, each committed with its details.
    static let catalogSize = 120

    @Test("catalog: kill -9 at some 30 points spread over the run; every restart keeps and resumes, none re-downloads")
    func catalogKills() throws {
        let api = try FakePokeAPI(catalog: CatalogFixture.catalog(count: Self.catalogSize))
        let pages = CatalogFixture.SmallPages(api: api)
        let listOrder = api.catalog.map(\.id)
        let pageSize = CatalogFixture.pageSize
        // `pokedex sync` refreshes the repositories synced before once the catalog is done: its
        // first GitHub request marks the moment the last page has been committed.
        let github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 3)])
        let environment = ["POKEAPI_BASE_URL": api.baseURL, "GITHUB_API_URL": github.baseURL]

        // The rows an uninterrupted sync stores, for comparison.
        let referencePath = directory.file("reference.sqlite")
        let database = directory.file("pokedex.sqlite")
        api.override = { pages.firstPage($0) }
        for path in [referencePath, database] {
            let issues = try PokedexProcess.run(["--db", path, "sync", "issues", Self.repository], environment: environment)
            try #require(issues.status == 0, "\(issues.stderr)")
        }
        let clean = try PokedexProcess.run(["--db", referencePath, "sync"], environment: environment)
        try #require(clean.status == 0, "\(clean.stderr)")
        let reference = try #require(try DatabaseSnapshot(of: referencePath))
        try #require(try reference.storedPokemon().detailed.count == Self.catalogSize)

        // Every new detail takes 25 ms, so a run lasts long enough to be cut anywhere.
        let monitor = KillMonitor(classify: CatalogFixture.classify, stall: [.newDetail: 0.025])
        api.override = { request in monitor.observe(request) ?? pages.firstPage(request) }
        github.override = { monitor.observe($0) }

        let arguments = ["--db", database, "sync", "--concurrency", "2"]
        var previous = StoredPokemon(listed: [], detailed: [])
        var killedWith: [Int] = []  // pages stored when each run was killed
        var killedAfterCatalog = 0  // runs killed in the issues refresh, their catalog run done

        /// Runs one sync that `trigger` kills, then checks the database it left.
        func killRun(_ planned: KillMonitor.Trigger) throws {
            let trigger = planned.adjusted(storedDetails: previous.detailed.count,
                                           newDetails: Self.catalogSize - previous.detailed.count)
            // Stored details are reused without a request while younger than --max-age (1 day by
            // default); --max-age 0 has each revalidated, which the revalidation points need.
            let revalidates = trigger.kind == .conditional
            let label = "kill \(killedWith.count + 1) at \(trigger) with \(previous.detailed.count) stored"
            api.server.resetLog()
            let run = try monitor.runUntilKilled(arguments + (revalidates ? ["--max-age", "0"] : []),
                                                 environment: environment, trigger: trigger,
                                                 stderrPath: directory.file("stderr-\(killedWith.count).txt"))
            try #require(run.killed, "\(label): the kill point was never reached; pokedex exited \(run.status): \(run.stderr)")
            killedWith.append(previous.detailed.count / pageSize)
            if trigger.kind == .other { killedAfterCatalog += 1 }

            // Stored details were reused or revalidated with their ETag, never downloaded again.
            for request in api.server.requests {
                guard let id = CatalogFixture.detailID(request) else { continue }
                if !previous.detailed.contains(id) {
                    #expect(request.header("If-None-Match") == nil, "\(label): detail \(id) was not stored")
                } else if revalidates {
                    #expect(request.header("If-None-Match") == api.etag(forID: id),
                            "\(label): stored detail \(id) asked for without its ETag")
                } else {
                    Issue.record("\(label): stored detail \(id), younger than --max-age, was asked for again")
                }
            }

            let snapshot = try #require(try DatabaseSnapshot(of: database), "\(label): no database")
            try snapshot.expectIntact(label)
            try snapshot.expectRunLog(killed: run.pid, label)
            let stored = try snapshot.storedPokemon()
            #expect(stored.listed.isSuperset(of: previous.listed), "\(label): list entries were lost")
            #expect(stored.detailed.isSuperset(of: previous.detailed), "\(label): details were lost")
            // Pages are committed whole and in list order, each with all of its details.
            #expect(stored.listed == stored.detailed, "\(label): an entry without details: \(stored.listed.subtracting(stored.detailed).sorted())")
            let count = stored.detailed.count
            #expect(count % pageSize == 0 || count == Self.catalogSize, "\(label): \(count) stored is not whole pages")
            #expect(stored.detailed == Set(listOrder.prefix(count)), "\(label): the stored Pokémon are not a prefix of the list")
            try snapshot.expectRows(matching: reference, keyedBy: CatalogFixture.keyColumns, ids: stored.detailed.sorted(), label)

            // pokedex itself reads the killed database (no sync needed first) and sees the same.
            let listed = try PokedexProcess.run(["--db", database, "list", "--limit", "1000", "--json"])
            if count == 0 {
                #expect(listed.status == 66 && listed.stderr.contains("run `pokedex sync` first"), "\(label): \(listed.stderr)")
            } else {
                #expect(listed.status == 0, "\(label): \(listed.stderr)")
                let ids = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?
                    .compactMap { $0["id"] as? Int }
                #expect(ids == listOrder.prefix(count).sorted(), "\(label): pokedex list disagrees with the file")
            }
            previous = stored
        }

        // Points within the page being downloaded, chosen by how many pages are stored: the first
        // request of the run, the first list request, revalidations (n-th conditional request),
        // the n-th new detail (with concurrency 2 the 21st arrives with page not yet complete, the
        // 22nd just as its last detail is handed to the writer), and list requests, which are
        // prefetched one page ahead.
        let pointsByPage: [[KillMonitor.Trigger]] = [
            [.init(.list, 1), .init(.newDetail, 1), .init(.newDetail, 11), .init(.newDetail, 21)],
            [.init(.conditional, 1), .init(.conditional, 20), .init(.newDetail, 2), .init(.list, 2)],
            [.init(.conditional, 33), .init(.newDetail, 20), .init(.newDetail, 22), .init(.list, 4)],
            [.init(.newDetail, 5, delay: 0.010), .init(.conditional, 60), .init(.newDetail, 19)],
            [.init(.newDetail, 1, delay: 0.030), .init(.newDetail, 12), .init(.conditional, 80)],
            [.init(.newDetail, 3), .init(.newDetail, 20), .init(.newDetail, 21, delay: 0.020)],
        ]
        // Past the last point of a page: the 22nd new detail, then time for the page to commit;
        // after the last page, the first GitHub request.
        let lastPage = (Self.catalogSize - 1) / pageSize
        while previous.detailed.count < Self.catalogSize {
            let page = previous.detailed.count / pageSize
            for point in pointsByPage[page] where previous.detailed.count / pageSize == page {
                try killRun(point)
            }
            let advance = page == lastPage
                ? KillMonitor.Trigger(.other, 1) : KillMonitor.Trigger(.newDetail, pageSize + 2, delay: 0.150)
            var attempts = 0
            while previous.detailed.count / pageSize == page && attempts < 3 {
                try killRun(advance)
                attempts += 1
            }
            try #require(previous.detailed.count / pageSize > page, "page \(page + 1) was never committed")
        }
        // Everything stored: kill during the revalidation of the whole catalog.
        try killRun(.init(.conditional, 50))
        try killRun(.init(.conditional, Self.catalogSize, delay: 0.050))

        #expect(killedWith.count >= 20, "\(killedWith.count) kills")
        #expect(Set(killedWith) == Set(0...(Self.catalogSize / pageSize)), "kills at every page: \(killedWith)")

        // The resumed sync downloads nothing committed again (with --max-age 0 every stored
        // detail is asked for with its ETag: each must still be current) and ends with the
        // clean run's rows.
        monitor.disarm()
        api.resetCounters()
        api.server.resetLog()
        let resumed = try PokedexProcess.run(arguments + ["--max-age", "0"], environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(api.detailRequestCount == 0 && api.notModifiedCount == Self.catalogSize,
                "\(api.detailRequestCount) downloaded, \(api.notModifiedCount) revalidated")
        let final = try #require(try DatabaseSnapshot(of: database))
        try final.expectIntact("after the resumed sync")
        let outcomes = try final.rows("SELECT outcome, count(*) FROM sync_run GROUP BY outcome ORDER BY outcome")
        #expect(outcomes == [["t:abandoned", "i:\(killedWith.count)"], ["t:succeeded", "i:\(1 + killedAfterCatalog + 2)"]],
                "killed runs are marked abandoned; the first issues sync, catalog runs done before their issues refresh was killed, and the last run's two succeeded: \(outcomes)")
        let finalDump = try final.dump()
        let referenceDump = try reference.dump()
        #expect(finalDump == referenceDump, "\(DatabaseSnapshot.difference(finalDump, referenceDump))")
        let finalList = try PokedexProcess.run(["--db", database, "list", "--limit", "1000", "--json"])
        let referenceList = try PokedexProcess.run(["--db", referencePath, "list", "--limit", "1000", "--json"])
        #expect(finalList.status == 0 && finalList.stdout == referenceList.stdout)
    }

    @Test("catalog: a sync killed mid-page resumes from the last committed page and downloads only the rest",
          arguments: [nil, "0"])
    func catalogResumeDownloadsOnlyTheRest(maximumAge: String?) throws {
        let api = try FakePokeAPI(catalog: CatalogFixture.catalog(count: Self.catalogSize))
        let pages = CatalogFixture.SmallPages(api: api)
        let environment = ["POKEAPI_BASE_URL": api.baseURL]
        let monitor = KillMonitor(classify: CatalogFixture.classify, stall: [.newDetail: 0.020])
        api.override = { request in monitor.observe(request) ?? pages.firstPage(request) }
        let database = directory.file("pokedex.sqlite")
        let arguments = ["--db", database, "sync", "--concurrency", "2"]

        // Killed with 2 pages committed and the third half downloaded.
        let run = try monitor.runUntilKilled(arguments, environment: environment,
                                             trigger: .init(.newDetail, 2 * CatalogFixture.pageSize + 11),
                                             stderrPath: directory.file("stderr.txt"))
        try #require(run.killed, "\(run.stderr)")
        let stored = try #require(try DatabaseSnapshot(of: database)).storedPokemon()
        #expect(stored.detailed.count == 2 * CatalogFixture.pageSize)

        monitor.disarm()
        api.resetCounters()
        api.server.resetLog()
        let resumed = try PokedexProcess.run(arguments + (maximumAge.map { ["--max-age", $0] } ?? []),
                                             environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let remaining = Self.catalogSize - stored.detailed.count
        let asked = api.server.requests.compactMap(CatalogFixture.detailID)
        #expect(asked.count == Set(asked).count, "a detail asked for twice")
        if maximumAge == nil {
            // Committed details are a few seconds old: reused without a request.
            #expect(Set(asked).isDisjoint(with: stored.detailed))
            #expect(api.detailRequestCount == remaining && api.notModifiedCount == 0,
                    "\(api.detailRequestCount) downloaded, \(api.notModifiedCount) revalidated")
            #expect(resumed.stderr.contains("\(remaining) details downloaded, 0 unchanged, \(stored.detailed.count) reused"),
                    "\(resumed.stderr)")
        } else {
            #expect(api.detailRequestCount == remaining && api.notModifiedCount == stored.detailed.count,
                    "\(api.detailRequestCount) downloaded, \(api.notModifiedCount) revalidated")
            #expect(resumed.stderr.contains("\(remaining) details downloaded, \(stored.detailed.count) unchanged, 0 reused"),
                    "\(resumed.stderr)")
        }
    }

    // MARK: GitHub issues

    static let repository = "acme/rocket"
    /// Ten pages of 100: more than the kills below can commit, so the last kill still finds work.
    static let issueCount = 1_000

    @Test("issues: kill -9 at 10 points of a sync; each restart resumes from the committed high-water mark")
    func issueKills() throws {
        let github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: Self.issueCount)])
        let environment = ["GITHUB_API_URL": github.baseURL]
        let referencePath = directory.file("reference.sqlite")
        let clean = try PokedexProcess.run(["--db", referencePath, "sync", "issues", Self.repository],
                                           environment: environment)
        try #require(clean.status == 0, "\(clean.stderr)")
        let reference = try #require(try DatabaseSnapshot(of: referencePath))
        let served = github.issues(of: Self.repository)
        let updated = Dictionary(uniqueKeysWithValues: served.map { ($0.number, $0.updatedAt) })

        // Every request takes 40 ms, so each page is committed while the next one downloads.
        let monitor = KillMonitor(classify: { _ in .newDetail }, stall: [.newDetail: 0.040])
        github.override = { monitor.observe($0) }
        let database = directory.file("pokedex.sqlite")
        let arguments = ["--db", database, "sync", "issues", Self.repository, "--max-wait", "5"]
        var previous: Set<Int> = []

        // The n-th request of the run: 1 is the repository, 2 the first issues page, n the
        // (n-1)-th; a page is stored while the next one downloads, so a kill as page n+1 is
        // asked for may land during page n's commit.
        let points: [KillMonitor.Trigger] = [
            .init(.newDetail, 1), .init(.newDetail, 2), .init(.newDetail, 3), .init(.newDetail, 3, delay: 0.100),
            .init(.newDetail, 2, delay: 0.010), .init(.newDetail, 4), .init(.newDetail, 2),
            .init(.newDetail, 3, delay: 0.030), .init(.newDetail, 3), .init(.newDetail, 4, delay: 0.100),
        ]
        var previousMark: String?
        for (index, trigger) in points.enumerated() {
            let label = "kill \(index + 1) at \(trigger) with \(previous.count) stored"
            github.server.resetLog()
            let run = try monitor.runUntilKilled(arguments, environment: environment, trigger: trigger,
                                                 stderrPath: directory.file("stderr-\(index).txt"))
            try #require(run.killed, "\(label): pokedex exited \(run.status) first: \(run.stderr)")
            // A restart asks only for what was updated since the committed high-water mark.
            if let first = github.server.requests.first(where: { $0.path.hasSuffix("/issues") }) {
                #expect(first.query["since"] == previousMark, "\(label): the walk started at \(first.target)")
            }
            guard let snapshot = try DatabaseSnapshot(of: database) else {
                #expect(previous.isEmpty, "\(label): the database disappeared")
                continue
            }
            try snapshot.expectIntact(label)
            try snapshot.expectRunLog(killed: run.pid, label)
            let numbers = Set(try snapshot.rows("SELECT number FROM github_issue").map { Int($0[0].dropFirst(2))! })
            #expect(numbers.isSuperset(of: previous), "\(label): issues were lost")
            // Pages are committed whole, in updated_at order, with their high-water mark.
            let state = try snapshot.rows("SELECT high_water_mark FROM github_sync_state")
            let newest = try snapshot.rows("SELECT max(updated_at) FROM github_issue")
            if numbers.isEmpty {
                #expect(state.allSatisfy { $0 == ["null"] }, "\(label): a high-water mark without issues: \(state)")
            } else {
                #expect(state == newest, "\(label): high-water mark \(state) but newest stored \(newest)")
                previousMark = state.first.map { String($0[0].dropFirst(2)) }
                let mark = try #require(numbers.map { updated[$0]! }.max())
                let gaps = served.filter { $0.updatedAt < mark && !numbers.contains($0.number) }.map(\.number)
                #expect(gaps.isEmpty, "\(label): issues older than the high-water mark are missing: \(gaps.prefix(10))")
            }
            let ids = try snapshot.rows("SELECT id FROM github_issue").map { Int64($0[0].dropFirst(2))! }
            try snapshot.expectRows(matching: reference, keyedBy: IssueFixture.keyColumns, ids: ids.sorted(), label)
            try snapshot.expectRowsContained(in: reference, tables: ["github_repository", "github_user", "github_label",
                                                                     "github_milestone"], label)

            let listed = try PokedexProcess.run(["--db", database, "issues", Self.repository, "--state", "all",
                                                 "--all-kinds", "--limit", "100000", "--json"])
            if try snapshot.rows("SELECT id FROM github_repository").isEmpty {
                #expect(listed.status == 66, "\(label): \(listed.stderr)")
            } else {
                #expect(listed.status == 0, "\(label): \(listed.stderr)")
                let count = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any])?.count
                #expect(count == numbers.count, "\(label): pokedex issues disagrees with the file")
            }
            previous = numbers
        }
        #expect(!previous.isEmpty && previous.count < Self.issueCount, "the kills left a partial sync: \(previous.count)")

        // The resumed sync asks only for what is newer than the high-water mark.
        monitor.disarm()
        let mark = try #require(previous.map { updated[$0]! }.max())
        let newest = try #require(served.map(\.updatedAt).max())
        github.server.resetLog()
        let resumed = try PokedexProcess.run(arguments, environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let pagesAsked = github.server.requests.filter { $0.path.hasSuffix("/issues") }
        #expect(pagesAsked.first?.query["since"] != nil, "the resumed sync starts at the high-water mark")
        // GitHub's `since` is inclusive: the first walk gets everything updated at or after the
        // mark, the second (which confirms nothing changed) what was updated at the newest time.
        let expected = served.filter { $0.updatedAt >= mark }.count + served.filter { $0.updatedAt == newest }.count
        #expect(resumed.stderr.contains("(\(expected) received in"), "expected \(expected) received: \(resumed.stderr)")

        let final = try #require(try DatabaseSnapshot(of: database))
        try final.expectIntact("after the resumed sync")
        let outcomes = try final.rows("SELECT outcome, count(*) FROM sync_run GROUP BY outcome ORDER BY outcome")
        #expect(outcomes == [["t:abandoned", "i:\(points.count)"], ["t:succeeded", "i:1"]], "\(outcomes)")
        let finalDump = try final.dump()
        let referenceDump = try reference.dump()
        #expect(finalDump == referenceDump, "\(DatabaseSnapshot.difference(finalDump, referenceDump))")
    }
}

// MARK: - Shared with FaultStormEndToEndTests

/// The Pokémon fixtures of the crash and storm tests.
enum CatalogFixture {
    static let pageSize = 20

    /// The standard 55, then fillers with ids from 51 up to `count` entries in all.
    static func catalog(count: Int) -> [FakePokemon] {
        let standard = FakePokemon.standardCatalog()
        let fillers = count > standard.count ? (51..<(51 + count - standard.count)).map {
            FakePokemon.synthetic(id: $0, name: "filler-\($0)")
        } : []
        return standard + fillers
    }

    /// Tables holding Pokémon data, with the column naming the Pokémon.
    static let keyColumns = ["pokemon": "id", "pokemon_type": "pokemon_id", "pokemon_ability": "pokemon_id",
                             "pokemon_stat": "pokemon_id", "pokemon_detail_json": "pokemon_id"]

    static func isList(_ request: RecordedRequest) -> Bool {
        request.path == "/api/v2/pokemon/" || request.path == "/api/v2/pokemon"
    }

    /// The id of a detail request, e.g. 25 for `/api/v2/pokemon/25/`.
    static func detailID(_ request: RecordedRequest) -> Int? {
        let segments = request.path.split(separator: "/")
        guard segments.count == 4, segments[2] == "pokemon" else { return nil }
        return Int(segments[3])
    }

    static func classify(_ request: RecordedRequest) -> KillMonitor.Kind {
        if !request.path.hasPrefix("/api/v2/") { return .other }
        if isList(request) { return .list }
        return request.header("If-None-Match") == nil ? .newDetail : .conditional
    }

    /// Answers the first list request (pokedex asks for 100) with a page of 20 whose `next`
    /// link asks for 20 more, as a server that caps page sizes would; pokedex follows `next` as
    /// given, so every later page is the fake's own, 20 entries long. More pages make more
    /// commits to interrupt and more list requests to disturb.
    final class SmallPages: Sendable {
        let body: String

        init(api: FakePokeAPI) {
            let origin = api.baseURL
            let catalog = api.catalog
            let results = catalog.prefix(CatalogFixture.pageSize).map { pokemon in
                "{\"name\":\"\(pokemon.name)\",\"url\":\"\(origin)/pokemon/\(pokemon.id)/\"}"
            }
            let next = catalog.count > CatalogFixture.pageSize
                ? "\"\(origin)/pokemon/?offset=\(CatalogFixture.pageSize)&limit=\(CatalogFixture.pageSize)\"" : "null"
            body = "{\"count\":\(catalog.count),\"next\":\(next),\"previous\":null,\"results\":[\(results.joined(separator: ","))]}"
        }

        func firstPage(_ request: RecordedRequest) -> ScriptedResponse? {
            guard CatalogFixture.isList(request), (request.query["offset"] ?? "0") == "0" else { return nil }
            return .json(body)
        }
    }
}

enum IssueFixture {
    /// Tables holding issue data, with the column naming the issue.
    static let keyColumns = ["github_issue": "id", "github_issue_label": "issue_id", "github_issue_assignee": "issue_id"]
}

/// Watches a fake server's requests on behalf of one `pokedex` process at a time: slows some
/// down, and sends the process SIGKILL when a chosen request arrives.
final class KillMonitor: @unchecked Sendable {
    enum Kind: String, Sendable {
        case list
        /// A request without `If-None-Match` (for GitHub: every request).
        case newDetail = "new"
        /// A revalidation (`If-None-Match`).
        case conditional
        /// Anything else, e.g. a GitHub request during `pokedex sync`.
        case other
    }

    struct Trigger: Sendable, CustomStringConvertible {
        var kind: Kind
        var count: Int
        /// How long the process may go on after the request arrived before it is killed.
        var delay: Double

        init(_ kind: Kind, _ count: Int, delay: Double = 0) {
            self.kind = kind
            self.count = count
            self.delay = delay
        }

        var description: String {
            "\(kind.rawValue) request #\(count)" + (delay > 0 ? " + \(Int(delay * 1000)) ms" : "")
        }

        /// The same point, moved to one that the run will reach.
        func adjusted(storedDetails: Int, newDetails: Int) -> Trigger {
            var trigger = self
            if trigger.kind == .conditional && storedDetails == 0 { trigger.kind = .newDetail }
            if trigger.kind == .newDetail && newDetails == 0 { trigger.kind = .conditional }
            switch trigger.kind {
            case .conditional: trigger.count = min(trigger.count, storedDetails)
            case .newDetail: trigger.count = min(trigger.count, newDetails)
            case .list, .other: break
            }
            return trigger
        }
    }

    struct Run {
        let killed: Bool
        let status: Int32
        let stderr: String
        let pid: pid_t
    }

    private let lock = NSLock()
    private let classify: @Sendable (RecordedRequest) -> Kind
    private let stall: [Kind: Double]
    private var trigger: Trigger?
    private var counts: [Kind: Int] = [:]
    private var pid: pid_t = 0
    private var fired = false

    init(classify: @escaping @Sendable (RecordedRequest) -> Kind, stall: [Kind: Double]) {
        self.classify = classify
        self.stall = stall
    }

    /// Lets requests through unslowed and unwatched from now on.
    func disarm() {
        lock.withLock {
            trigger = nil
            pid = 0
        }
    }

    /// For the server's `override`: nil lets the fake answer (after the stall for this kind);
    /// the request that triggers the kill is never answered.
    func observe(_ request: RecordedRequest) -> ScriptedResponse? {
        let kind = classify(request)
        let (armed, delay, fire) = lock.withLock { () -> (Bool, Double, Bool) in
            guard let trigger, !fired else { return (trigger != nil, 0, false) }
            counts[kind, default: 0] += 1
            guard trigger.kind == kind && counts[kind] == trigger.count else { return (true, 0, false) }
            fired = true
            return (true, trigger.delay, true)
        }
        guard armed else { return nil }
        if fire {
            // The process may send its first request before `run` has returned its pid.
            var target: pid_t = 0
            for _ in 0..<2_000 {
                target = lock.withLock { pid }
                if target != 0 { break }
                Thread.sleep(forTimeInterval: 0.001)
            }
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            if target != 0 { kill(target, SIGKILL) }
            return .faulted(.closeWithoutResponse)
        }
        if let seconds = stall[kind] { Thread.sleep(forTimeInterval: seconds) }
        // A request stalled while another fired the kill belongs to the dead process: left
        // to the fake, it could be counted after the test has reset the counters.
        return lock.withLock { fired } ? .faulted(.closeWithoutResponse) : nil
    }

    /// Starts `pokedex arguments…`, waits for it to die or exit, and says whether `trigger` killed it.
    func runUntilKilled(_ arguments: [String], environment: [String: String], trigger: Trigger,
                        stderrPath: String, timeout: Double = 60) throws -> Run {
        lock.withLock {
            self.trigger = trigger
            counts = [:]
            fired = false
            pid = 0
        }
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        defer { try? stderr.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PokedexProcess.binaryPath)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        lock.withLock { pid = process.processIdentifier }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TimedOut(arguments: arguments, stderr: (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "")
        }
        process.waitUntilExit()
        let wasFired = lock.withLock { () -> Bool in
            pid = 0
            return fired
        }
        let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        let killed = wasFired && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return Run(killed: killed, status: process.terminationStatus, stderr: text, pid: process.processIdentifier)
    }
}

struct StoredPokemon {
    /// Ids with a `pokemon` row.
    let listed: Set<Int>
    /// Ids whose detail body is stored.
    let detailed: Set<Int>
}

/// A database pokedex wrote, read through the system SQLite rather than pokedex's own code.
/// The file and its WAL are copied first, just as a crash left them, and the copy is opened:
/// the checks never change what the next pokedex run finds.
final class DatabaseSnapshot {
    private let copy: TemporaryDirectory
    private var handle: OpaquePointer?

    /// Sync times: they differ between two runs of the same sync, so only their NULL-ness is compared.
    static let syncTimes: [String: Set<String>] = [
        "pokemon": ["listed_at", "details_synced_at"], "pokemon_detail_json": ["fetched_at"],
        "github_repository": ["fetched_at"], "schema_migrations": ["applied_at"],
    ]

    /// nil when there is no database file.
    init?(of path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        copy = try TemporaryDirectory()
        let target = copy.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: target)
        if FileManager.default.fileExists(atPath: path + "-wal") {
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: target + "-wal")
        }
        guard sqlite3_open_v2(target, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            throw SQLiteFailure(message: "open \(path): \(message)")
        }
    }

    deinit { sqlite3_close_v2(handle) }

    struct SQLiteFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Every row of `sql`, each value rendered with its storage class: `i:5`, `r:1.5`, `t:text`,
    /// `b:hex`, `null`.
    func rows(_ sql: String) throws -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteFailure(message: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw SQLiteFailure(message: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
            }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: return "i:\(sqlite3_column_int64(statement, column))"
                case SQLITE_FLOAT: return "r:\(sqlite3_column_double(statement, column))"
                case SQLITE_TEXT:
                    let count = Int(sqlite3_column_bytes(statement, column))
                    let bytes = UnsafeRawBufferPointer(start: sqlite3_column_text(statement, column), count: count)
                    return "t:" + String(decoding: bytes, as: UTF8.self)
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, column))
                    let bytes = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, column), count: count)
                    return "b:" + bytes.map { String(format: "%02x", $0) }.joined()
                default: return "null"
                }
            })
        }
        return rows
    }

    /// `PRAGMA integrity_check` says ok, `PRAGMA foreign_key_check` finds nothing, and the
    /// full-text index agrees with the issues it indexes.
    func expectIntact(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try rows("PRAGMA integrity_check") == [["t:ok"]], "\(label): integrity_check", sourceLocation: sourceLocation)
        let violations = try rows("PRAGMA foreign_key_check")
        #expect(violations.isEmpty, "\(label): foreign_key_check: \(violations.prefix(5))", sourceLocation: sourceLocation)
        if try !rows("SELECT 1 FROM sqlite_schema WHERE name = 'github_issue_fts'").isEmpty {
            // Only the copy is written to.
            #expect(throws: Never.self, "\(label): FTS5 integrity-check", sourceLocation: sourceLocation) {
                _ = try self.rows("INSERT INTO github_issue_fts (github_issue_fts) VALUES ('integrity-check')")
            }
        }
    }

    /// After a kill: the killed process's runs are left `running` (it could not say how it
    /// ended) or `succeeded` (those it finished), and no other run is still `running`: the
    /// next sync marked the earlier killed ones `abandoned` before starting.
    func expectRunLog(killed pid: pid_t, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let runs = try rows("SELECT pid, outcome FROM sync_run ORDER BY id")
        let mine = runs.filter { $0[0] == "i:\(pid)" }.map { String($0[1].dropFirst(2)) }
        #expect(mine.last == "running" && mine.allSatisfy { $0 == "running" || $0 == "succeeded" },
                "\(label): the killed run is recorded as \(mine)", sourceLocation: sourceLocation)
        let others = runs.filter { $0[0] != "i:\(pid)" }.map { String($0[1].dropFirst(2)) }
        #expect(others.allSatisfy { $0 == "abandoned" || $0 == "succeeded" },
                "\(label): earlier runs are recorded as \(others)", sourceLocation: sourceLocation)
    }

    /// The ids with a `pokemon` row and those with a stored detail body.
    func storedPokemon() throws -> StoredPokemon {
        func ids(_ sql: String) throws -> Set<Int> { Set(try rows(sql).map { Int($0[0].dropFirst(2))! }) }
        return StoredPokemon(listed: try ids("SELECT id FROM pokemon"),
                             detailed: try ids("SELECT pokemon_id FROM pokemon_detail_json"))
    }

    /// Logs of the runs themselves (pids, times, request counts): they differ from one run to
    /// the next by design, so they are checked on their own, not compared.
    static let runLogs: Set<String> = ["sync_run"]

    /// The tables to compare: every real table but run logs, virtual tables and their shadow tables.
    func tableNames() throws -> [String] {
        let all = try rows("SELECT name, coalesce(sql, '') FROM sqlite_schema WHERE type = 'table' "
                           + "AND name NOT LIKE 'sqlite_%' ORDER BY name").map { (String($0[0].dropFirst(2)), $0[1]) }
        let virtual = all.filter { $0.1.hasPrefix("t:CREATE VIRTUAL TABLE") }.map(\.0)
        return all.map(\.0).filter { name in
            !Self.runLogs.contains(name) && !virtual.contains { name == $0 || name.hasPrefix($0 + "_") }
        }
    }

    /// `SELECT` of every column of `table`, sync times reduced to whether they are NULL.
    private func selectList(_ table: String) throws -> String {
        let volatile = Self.syncTimes[table] ?? []
        return try rows("PRAGMA table_info(\"\(table)\")").map { column in
            let name = String(column[1].dropFirst(2))
            return volatile.contains(name) ? "(\"\(name)\" IS NULL)" : "\"\(name)\""
        }.joined(separator: ", ")
    }

    /// Each table's rows, sorted, one string per row (sync times reduced to NULL-ness); plus
    /// what full-text searches find, so that the index is compared too.
    func dump(where filter: [String: String] = [:], only: Set<String>? = nil) throws -> [String: [String]] {
        var tables: [String: [String]] = [:]
        for table in try tableNames() where only?.contains(table) ?? true {
            let condition = filter[table].map { " WHERE \($0)" } ?? ""
            tables[table] = try rows("SELECT \(try selectList(table)) FROM \"\(table)\"\(condition)")
                .map { $0.joined(separator: " | ") }.sorted()
        }
        if only == nil, try !rows("SELECT 1 FROM sqlite_schema WHERE name = 'github_issue_fts'").isEmpty {
            for word in ["crash", "the", "caf*", "colour"] {
                tables["fts:\(word)"] = try rows(
                    "SELECT rowid FROM github_issue_fts WHERE github_issue_fts MATCH '\(word)' ORDER BY rowid"
                ).map { $0.joined() }
            }
        }
        return tables
    }

    /// The rows of these ids in `keys`' tables equal the reference's rows of the same ids.
    func expectRows<ID: BinaryInteger>(
        matching reference: DatabaseSnapshot, keyedBy keys: [String: String], ids: [ID], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let list = ids.map { "\($0)" }.joined(separator: ",")
        let filter = keys.mapValues { "\"\($0)\" IN (\(list))" }
        let mine = try dump(where: filter, only: Set(keys.keys))
        let theirs = try reference.dump(where: filter, only: Set(keys.keys))
        #expect(mine == theirs, "\(label): stored rows differ from a clean sync's: \(Self.difference(mine, theirs))",
                sourceLocation: sourceLocation)
    }

    /// Every row of these tables is also in the reference.
    func expectRowsContained(in reference: DatabaseSnapshot, tables: [String], _ label: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mine = try dump(only: Set(tables)), theirs = try reference.dump(only: Set(tables))
        for table in tables {
            let extra = Set(mine[table] ?? []).subtracting(theirs[table] ?? [])
            #expect(extra.isEmpty, "\(label): \(table) rows a clean sync does not have: \(extra.sorted().prefix(3))",
                    sourceLocation: sourceLocation)
        }
    }

    /// A short description of how two dumps differ.
    static func difference(_ left: [String: [String]], _ right: [String: [String]]) -> String {
        var lines: [String] = []
        for table in Set(left.keys).union(right.keys).sorted() {
            let mine = Set(left[table] ?? []), theirs = Set(right[table] ?? [])
            guard mine != theirs || left[table]?.count != right[table]?.count else { continue }
            let only = mine.subtracting(theirs).sorted().prefix(2).map { String($0.prefix(300)) }
            let missing = theirs.subtracting(mine).sorted().prefix(2).map { String($0.prefix(300)) }
            lines.append("\(table): \(left[table]?.count ?? 0) vs \(right[table]?.count ?? 0) rows; "
                         + "only here: \(only); only in the other: \(missing)")
        }
        return lines.isEmpty ? "no difference" : lines.joined(separator: "\n")
    }
}
