import BodyCoding
import SQLiteDatabase
import TestSupport
import Testing

@testable import IssueStore
@testable import LocalDatabase
@testable import PokedexCLI
@testable import PokedexStore

@Suite("Sync run log and status")
struct SyncRunLogTests {
    let directory: TemporaryDirectory
    let database: Database
    let log: SyncRunLog

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("runs.sqlite"))
        log = SyncRunLog(database: database)
    }

    func storeRepository(id: Int, name: String) throws {
        try IssueArchive(database: database).saveRepository(
            GitHubRepository(
                id: id, fullName: name, description: nil, defaultBranch: nil, openIssuesCount: nil, htmlURL: nil,
                rawJSON: .compressing(Array("{}".utf8))),
            etag: nil)
    }

    @Test("a spent budget is the last one its credential's runs recorded, when that left nothing")
    func spentRateLimit() throws {
        func run(_ remaining: Int?, _ credential: String, finished: Bool = true) throws {
            let id = try log.begin(.issues(repositoryName: "o/r", repositoryID: nil), pid: 1)
            guard finished else { return }
            try log.finish(
                id,
                SyncRunEnd(
                    outcome: .failed,
                    rateLimit: remaining.map {
                        RateLimitSnapshot(
                            remaining: $0, limit: 5000, resetAt: "2026-12-05T08:00:00Z", credential: credential)
                    }))
        }
        #expect(try log.spentRateLimit(credential: "a") == nil, "no run yet")
        try run(0, "a")
        #expect(try log.spentRateLimit(credential: "a")?.resetAt == "2026-12-05T08:00:00Z")
        #expect(try log.spentRateLimit(credential: "b") == nil, "another credential's budget")
        try run(nil, "a")
        try run(0, "b", finished: false)
        #expect(try log.spentRateLimit(credential: "a") != nil, "runs without a budget or unfinished say nothing")
        try run(12, "a")
        #expect(try log.spentRateLimit(credential: "a") == nil, "a later run had budget left")
    }

    @Test("a run is recorded as running, then with its outcome and counts")
    func beginAndFinish() throws {
        let id = try log.begin(.pokemon, pid: 4242)
        let running = try #require(try log.latest(.pokemon, outcomes: [.running]))
        #expect(running.id == id && running.pid == 4242 && running.finishedAt == nil)
        try log.finish(id, SyncRunEnd(outcome: .succeeded, itemsChanged: 3, requests: 17))
        let run = try #require(try log.latest(.pokemon, outcomes: [.succeeded]))
        #expect(run.outcome == .succeeded && run.itemsChanged == 3 && run.requests == 17 && run.finishedAt != nil)
        #expect(try log.latest(.pokemon, outcomes: [.failed, .interrupted, .abandoned]) == nil)
    }

    @Test("runs left running are marked abandoned by the next sync")
    func abandoned() throws {
        _ = try log.begin(.pokemon, pid: 1)
        try log.abandonUnfinished()
        let run = try #require(try log.latest(.pokemon, outcomes: [.abandoned]))
        #expect(run.finishedAt != nil && run.error?.contains("ended before the run finished") == true)
        #expect(try log.latest(.pokemon, outcomes: [.running]) == nil)
    }

    @Test("a repository's runs are found by id after a rename, and by name before the id is known")
    func repositoryRuns() throws {
        let byName = try log.begin(.issues(repositoryName: "old/name", repositoryID: nil), pid: 1)
        try storeRepository(id: 77, name: "old/name")
        try log.finish(byName, SyncRunEnd(outcome: .succeeded, repositoryID: 77))
        let renamed = SyncResource.issues(repositoryName: "new/name", repositoryID: 77)
        #expect(try log.latest(renamed, outcomes: [.succeeded])?.id == byName)
        let failedEarly = try log.begin(.issues(repositoryName: "OTHER/repo", repositoryID: nil), pid: 1)
        try log.finish(failedEarly, SyncRunEnd(outcome: .failed, error: "cannot reach"))
        #expect(
            try log.latest(.issues(repositoryName: "other/repo", repositoryID: nil), outcomes: [.failed])?.id
                == failedEarly)
        #expect(try log.latest(renamed, outcomes: [.failed]) == nil, "another repository's failure is not this one's")
        #expect(try log.unstoredRepositoryNames() == ["OTHER/repo"])
    }

    @Test("succeeded(within:) compares the last success with the clock")
    func freshness() throws {
        #expect(try !log.succeeded(.pokemon, withinSeconds: 3_600), "never synced")
        let id = try log.begin(.pokemon, pid: 1)
        try log.finish(id, SyncRunEnd(outcome: .succeeded))
        #expect(try log.succeeded(.pokemon, withinSeconds: 3_600))
        try database.run("UPDATE sync_run SET finished_at = '2020-01-01T00:00:00Z'")
        #expect(try !log.succeeded(.pokemon, withinSeconds: 3_600))
        let failed = try log.begin(.pokemon, pid: 1)
        try log.finish(failed, SyncRunEnd(outcome: .failed, error: "boom"))
        #expect(try !log.succeeded(.pokemon, withinSeconds: 3_600), "a failure is not a success")
    }

    @Test(
        "a partial run's success (--offset/--limit) makes only that part fresh; a whole run makes every part fresh",
        arguments: [SyncResource.pokemon, .species, .evolutionChains])
    func partialRuns(resource: SyncResource) throws {
        let part = SyncScope.part(offset: 24, limit: 21)
        let partial = try log.begin(resource, scope: part, pid: 1)
        try log.finish(partial, SyncRunEnd(outcome: .succeeded))
        #expect(try !log.succeeded(resource, withinSeconds: 3_600), "the whole resource is not fresh")
        #expect(try !log.succeeded(resource, covering: .part(offset: 0, limit: 21), withinSeconds: 3_600))
        #expect(try !log.succeeded(resource, covering: .part(offset: 24, limit: nil), withinSeconds: 3_600))
        #expect(try log.succeeded(resource, covering: part, withinSeconds: 3_600), "the same part is")
        #expect(try log.latest(resource, outcomes: [.succeeded], covering: .whole) == nil)
        #expect(try log.latest(resource, outcomes: [.succeeded])?.id == partial, "status still shows it")
        try database.run("UPDATE sync_run SET finished_at = '2020-01-01T00:00:00Z'")
        let whole = try log.begin(resource, pid: 1)
        try log.finish(whole, SyncRunEnd(outcome: .succeeded))
        #expect(try log.succeeded(resource, withinSeconds: 3_600))
        #expect(try log.succeeded(resource, covering: part, withinSeconds: 3_600), "the whole run covers every part")
        #expect(try log.latest(resource, outcomes: [.succeeded], covering: part)?.id == whole)
    }

    @Test("status reads sizes, schema version, counts, runs and the last rate limit")
    func status() throws {
        try storeRepository(id: 9, name: "acme/rocket")
        let run = try log.begin(.issues(repositoryName: "acme/rocket", repositoryID: 9), pid: 1)
        try log.finish(
            run,
            SyncRunEnd(
                outcome: .failed, error: "rate limited", requests: 5,
                rateLimit: RateLimitSnapshot(remaining: 0, limit: 5000, resetAt: "2030-01-01T00:00:00Z")))
        let status = try StoreStatus.read(from: database)
        #expect(status.schemaVersion == (try Migrator.embedded().latestVersion))
        #expect(status.sizeBytes > 0)
        // The catalog, the Pokédex entry's four resources, the encounters, the artwork, then the repository.
        #expect(status.resources.count == 8)
        #expect(status.resources[0].resource == .pokemon && status.resources[0].lastSuccess == nil)
        #expect(status.resources[0].counts.map(\.0) == ["pokemon", "with_details"])
        #expect(status.resources[1...5].map(\.resource) == SyncResource.linked)
        #expect(status.resources[1].counts.map(\.0) == ["types", "with_details", "damage_relations"])
        #expect(status.resources[6].resource == .artwork)
        #expect(
            status.resources[6].counts.map(\.0) == [
                "sprite_images", "sprite_bytes", "shiny_images", "shiny_bytes", "official_images", "official_bytes",
                "missing",
            ])
        let repository = status.resources[7]
        #expect(repository.resource == .issues(repositoryName: "acme/rocket", repositoryID: 9))
        #expect(repository.lastFailure?.error == "rate limited" && repository.lastSuccess == nil)
        #expect(status.rateLimit?.0 == RateLimitSnapshot(remaining: 0, limit: 5000, resetAt: "2030-01-01T00:00:00Z"))
    }
}
