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
///
/// Here the catalog; `IssuesCrashResumeEndToEndTests` does the same for issues.
@Suite("kill -9 during a catalog sync, then resume")
struct CatalogCrashResumeEndToEndTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Synced before the catalog, so that `pokedex sync` refreshes it after the last page.
    static let repository = "acme/rocket"

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
            let issues = try PokedexProcess.run(
                ["--db", path, "sync", "issues", Self.repository], environment: environment)
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
            let trigger = planned.adjusted(
                storedDetails: previous.detailed.count,
                newDetails: Self.catalogSize - previous.detailed.count)
            // Stored details are reused without a request while younger than --max-age (1 day by
            // default); --max-age 0 has each revalidated, which the revalidation points need.
            let revalidates = trigger.kind == .conditional
            let label = "kill \(killedWith.count + 1) at \(trigger) with \(previous.detailed.count) stored"
            api.server.resetLog()
            let run = try monitor.runUntilKilled(
                arguments + (revalidates ? ["--max-age", "0"] : []),
                environment: environment, trigger: trigger,
                stderrPath: directory.file("stderr-\(killedWith.count).txt"))
            try #require(
                run.killed, "\(label): the kill point was never reached; pokedex exited \(run.status): \(run.stderr)")
            killedWith.append(previous.detailed.count / pageSize)
            if trigger.kind == .other { killedAfterCatalog += 1 }

            // Stored details were reused or revalidated with their ETag, never downloaded again.
            for request in api.server.requests {
                guard let id = CatalogFixture.detailID(request) else { continue }
                if !previous.detailed.contains(id) {
                    #expect(request.header("If-None-Match") == nil, "\(label): detail \(id) was not stored")
                } else if revalidates {
                    #expect(
                        request.header("If-None-Match") == api.etag(forID: id),
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
            #expect(
                stored.listed == stored.detailed,
                "\(label): an entry without details: \(stored.listed.subtracting(stored.detailed).sorted())")
            let count = stored.detailed.count
            #expect(count % pageSize == 0 || count == Self.catalogSize, "\(label): \(count) stored is not whole pages")
            #expect(
                stored.detailed == Set(listOrder.prefix(count)),
                "\(label): the stored Pokémon are not a prefix of the list")
            try snapshot.expectRows(
                matching: reference, keyedBy: CatalogFixture.keyColumns, ids: stored.detailed.sorted(), label)

            // pokedex itself reads the killed database (no sync needed first) and sees the same.
            let listed = try PokedexProcess.run(["--db", database, "list", "--limit", "1000", "--json"])
            if count == 0 {
                #expect(
                    listed.status == 66 && listed.stderr.contains("run `pokedex sync` first"),
                    "\(label): \(listed.stderr)")
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
            let advance =
                page == lastPage
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
        #expect(
            api.detailRequestCount == 0 && api.notModifiedCount == Self.catalogSize,
            "\(api.detailRequestCount) downloaded, \(api.notModifiedCount) revalidated")
        let final = try #require(try DatabaseSnapshot(of: database))
        try final.expectIntact("after the resumed sync")
        let outcomes = try final.rows("SELECT outcome, count(*) FROM sync_run GROUP BY outcome ORDER BY outcome")
        #expect(
            outcomes == [
                ["t:abandoned", "i:\(killedWith.count)"], ["t:succeeded", "i:\(1 + 7 * killedAfterCatalog + 8)"],
            ],
            "killed runs are marked abandoned; the first issues sync, the catalog, entry (four resources), encounters and artwork runs done before their issues refresh was killed, and the last run's eight (catalog, entry, encounters, artwork, issues) succeeded: \(outcomes)"
        )
        let finalDump = try final.dump()
        let referenceDump = try reference.dump()
        #expect(finalDump == referenceDump, "\(DatabaseSnapshot.difference(finalDump, referenceDump))")
        let finalList = try PokedexProcess.run(["--db", database, "list", "--limit", "1000", "--json"])
        let referenceList = try PokedexProcess.run(["--db", referencePath, "list", "--limit", "1000", "--json"])
        #expect(finalList.status == 0 && finalList.stdout == referenceList.stdout)
    }

    @Test(
        "catalog: a sync killed mid-page resumes from the last committed page and downloads only the rest",
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
        let run = try monitor.runUntilKilled(
            arguments, environment: environment,
            trigger: .init(.newDetail, 2 * CatalogFixture.pageSize + 11),
            stderrPath: directory.file("stderr.txt"))
        try #require(run.killed, "\(run.stderr)")
        let stored = try #require(try DatabaseSnapshot(of: database)).storedPokemon()
        #expect(stored.detailed.count == 2 * CatalogFixture.pageSize)

        monitor.disarm()
        api.resetCounters()
        api.server.resetLog()
        let resumed = try PokedexProcess.run(
            arguments + (maximumAge.map { ["--max-age", $0] } ?? []),
            environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let remaining = Self.catalogSize - stored.detailed.count
        let asked = api.server.requests.compactMap(CatalogFixture.detailID)
        #expect(asked.count == Set(asked).count, "a detail asked for twice")
        if maximumAge == nil {
            // Committed details are a few seconds old: reused without a request.
            #expect(Set(asked).isDisjoint(with: stored.detailed))
            #expect(
                api.detailRequestCount == remaining && api.notModifiedCount == 0,
                "\(api.detailRequestCount) downloaded, \(api.notModifiedCount) revalidated")
            #expect(
                resumed.stderr.contains(
                    "\(remaining) new or changed, \(stored.detailed.count) recently checked"),
                "\(resumed.stderr)")
        } else {
            #expect(
                api.detailRequestCount == remaining && api.notModifiedCount == stored.detailed.count,
                "\(api.detailRequestCount) downloaded, \(api.notModifiedCount) revalidated")
            #expect(
                resumed.stderr.contains(
                    "\(remaining) new or changed, \(stored.detailed.count) confirmed unchanged"),
                "\(resumed.stderr)")
        }
    }
}
