import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexCLI
@testable import PokedexStore

/// `SyncRunLog.earlierRuns(ofSameSyncAs:)`: what `status` sums into one success, so that a
/// partial sync's two species runs are not shown as the second one alone.
@Suite("Runs of one sync")
struct SameSyncRunsTests {
    let directory: TemporaryDirectory
    let database: Database
    let log: SyncRunLog

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("runs.sqlite"))
        log = SyncRunLog(database: database)
    }

    /// Records runs in order: (resource, pid, outcome, items changed).
    func record(_ runs: [(SyncResource, Int, SyncOutcome, Int)], scope: SyncScope = .whole) throws -> [Int] {
        try runs.map { resource, pid, outcome, changed in
            let id = try log.begin(resource, scope: scope, pid: pid)
            try log.finish(id, SyncRunEnd(outcome: outcome, itemsChanged: changed, requests: changed))
            return id
        }
    }

    func earlier(than id: Int) throws -> [Int] {
        let run = try #require(try log.latest(.species, outcomes: [.succeeded]))
        #expect(run.id == id)
        return try log.earlierRuns(ofSameSyncAs: run).map(\.id)
    }

    @Test("a partial sync's first species run is found; the chains' run between does not separate them")
    func partialSync() throws {
        let ids = try record(
            [
                (.pokemon, 7, .succeeded, 21), (.types, 7, .succeeded, 8), (.species, 7, .succeeded, 21),
                (.evolutionChains, 7, .succeeded, 9), (.species, 7, .succeeded, 5),
            ], scope: .part(offset: 24, limit: 21))
        #expect(try earlier(than: ids[4]) == [ids[2]])
        let status = try StoreStatus.read(from: database)
        let species = try #require(status.resources.first { $0.resource == .species })
        #expect(species.earlierRunsOfLastSuccess.map(\.itemsChanged) == [21])
    }

    @Test(
        "runs of an earlier sync are not counted in: another catalog run, another pid, a failure, another part",
        arguments: [
            [
                (SyncResource.species, 7, SyncOutcome.succeeded, 21), (.pokemon, 7, .succeeded, 1),
                (.species, 7, .succeeded, 5),
            ],
            [(.species, 6, .succeeded, 21), (.species, 7, .succeeded, 5)],
            [(.species, 7, .failed, 21), (.species, 7, .succeeded, 5)],
        ])
    func otherSyncs(runs: [(SyncResource, Int, SyncOutcome, Int)]) throws {
        let ids = try record(runs)
        #expect(try earlier(than: ids[ids.count - 1]) == [])
    }

    @Test("a run of another part by the same process is not the same success")
    func otherPart() throws {
        _ = try record([(.species, 7, .succeeded, 21)], scope: .part(offset: 0, limit: 5))
        let last = try record([(.species, 7, .succeeded, 5)], scope: .part(offset: 24, limit: 21))
        #expect(try earlier(than: last[0]) == [])
    }
}
