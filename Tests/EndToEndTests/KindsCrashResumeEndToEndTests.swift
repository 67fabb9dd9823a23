import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `kill -9` while a sync walks one of the root index's kinds (`move`, three list pages) or
/// the Pokémon's encounters (120 of them, committed 100 at a time), then a resumed sync: what
/// was committed is kept and not downloaded again, `status` shows the killed run as
/// abandoned, and the database ends with exactly a clean sync's rows.
@Suite("kill -9 while syncing the root index's kinds or the encounters, then resume")
struct KindsCrashResumeEndToEndTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Where a run is killed: the kind (as `status` and the run log name it), the requests of
    /// it that count, and the n-th of them that kills, a second later: time for what was
    /// downloaded before it to be committed.
    struct Point: Sendable, CustomTestStringConvertible {
        let kind: String
        let catalogSize: Int
        let killAt: Int
        /// The entries a killed run must have committed, and the whole.
        let committedAtLeast: Int
        let total: Int

        var testDescription: String { "\(kind), killed at its request #\(killAt)" }

        /// The id a request of this kind asks for, nil for every other request.
        func id(_ request: RecordedRequest) -> Int? {
            kind == "pokemon-encounters"
                ? KindsFixture.encountersID(request) : KindsFixture.detailID(request, kind: kind)
        }
    }

    static let points = [
        // Pages of 4 moves: the 7th request is on the second page, the first committed.
        Point(kind: "move", catalogSize: 55, killAt: 7, committedAtLeast: 4, total: 10),
        // 100 encounters a commit: the 110th request is past the first.
        Point(kind: "pokemon-encounters", catalogSize: 120, killAt: 110, committedAtLeast: 100, total: 120),
    ]

    @Test("killed mid-walk, the resumed sync keeps what was committed and ends as a clean sync", arguments: points)
    func killThenResume(point: Point) throws {
        let api = try KindsFixture.api(catalog: CatalogFixture.catalog(count: point.catalogSize))
        let environment = KindsFixture.environment(api)

        // The rows an uninterrupted sync stores, for comparison.
        let referencePath = directory.file("reference.sqlite")
        let clean = try PokedexProcess.run(["--db", referencePath, "sync"], environment: environment)
        try #require(clean.status == 0, "\(clean.stderr)")
        let reference = try #require(try DatabaseSnapshot(of: referencePath))
        try #require(try KindsFixture.storedIDs(referencePath, kind: point.kind).count == point.total)

        let database = directory.file("pokedex.sqlite")
        let monitor = KillMonitor(
            classify: { request in
                guard point.id(request) != nil else { return .other }
                return request.header("If-None-Match") == nil ? .newDetail : .conditional
            }, stall: [:])
        api.override = { monitor.observe($0) }
        let run = try monitor.runUntilKilled(
            ["--db", database, "sync"], environment: environment,
            trigger: KillMonitor.Trigger(
                .newDetail, point.killAt, delay: 1.0,
                until: {
                    ((try? KindsFixture.storedIDs(database, kind: point.kind).count) ?? 0) >= point.committedAtLeast
                }),
            stderrPath: directory.file("stderr"))
        try #require(run.killed, "the kill point was never reached; pokedex exited \(run.status): \(run.stderr)")

        let killed = try #require(try DatabaseSnapshot(of: database))
        try killed.expectIntact("after the kill")
        try killed.expectRunLog(killed: run.pid, "after the kill")
        let committed = try KindsFixture.storedIDs(database, kind: point.kind)
        #expect(
            committed.count >= point.committedAtLeast && committed.count < point.total,
            "\(committed.count) of \(point.kind) committed before the kill")
        let unfinished = try #require(try KindsFixture.statusResources(database)[point.kind])["unfinished"]
        #expect(
            (unfinished as? [String: Any])?["state"] as? String == "abandoned",
            "status: \(String(describing: unfinished))")

        // Resumed: nothing committed is asked for again; the rest once each.
        monitor.disarm()
        api.override = nil
        api.resetCounters()
        api.server.resetLog()
        let resumed = try PokedexProcess.run(["--db", database, "sync"], environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let asked = api.server.requests.compactMap(point.id)
        #expect(
            Set(asked).isDisjoint(with: committed),
            "committed \(point.kind) asked for again: \(Set(asked).intersection(committed).sorted())")
        #expect(asked.count == point.total - committed.count, "the rest once each: \(asked.sorted())")

        let final = try #require(try DatabaseSnapshot(of: database))
        try final.expectIntact("after the resumed sync")
        let finalDump = try final.dump()
        let referenceDump = try reference.dump()
        #expect(finalDump == referenceDump, "\(DatabaseSnapshot.difference(finalDump, referenceDump))")
        let killedRuns = try final.rows("SELECT resource, outcome FROM sync_run WHERE pid = \(run.pid) ORDER BY id")
        #expect(killedRuns.last == ["t:\(point.kind)", "t:abandoned"], "the killed run: \(killedRuns)")
        #expect(!killedRuns.contains { $0[1] == "t:running" }, "\(killedRuns)")
        let status = try #require(try KindsFixture.statusResources(database)[point.kind])
        #expect(status["unfinished"] is NSNull, "status after the resume: \(status)")
        #expect(status["last_success"] as? [String: Any] != nil, "status after the resume: \(status)")
    }
}
