import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `kill -9` while the comment stream is read, then resume: each kill loses at most the page
/// in flight, the next run starts at the committed comment high-water mark, and the end state
/// is an uninterrupted sync's, with every comment once.
@Suite("kill -9 during the comment stream, then resume")
struct CommentsCrashResumeEndToEndTests {
    static let repository = "acme/rocket"
    static let issueCount = 300

    @Test("comments: kill -9 at 6 points of the stream; each restart resumes with no loss and no duplicate")
    func commentKills() throws {
        let directory = try TemporaryDirectory()
        let github = try FakeGitHub(repositories: [
            .generated(owner: "acme", name: "rocket", issueCount: Self.issueCount)
        ])
        let environment = ["GITHUB_API_URL": github.baseURL]
        let referencePath = directory.file("reference.sqlite")
        let clean = try PokedexProcess.run(
            ["--db", referencePath, "sync", "issues", Self.repository], environment: environment)
        try #require(clean.status == 0, "\(clean.stderr)")
        let reference = try #require(try DatabaseSnapshot(of: referencePath))
        let served = github.comments(of: Self.repository)
        #expect(served.count > 1_000, "pages enough for the kills: \(served.count)")
        let updatedByID = Dictionary(uniqueKeysWithValues: served.map { ($0.id, $0.updatedAt) })

        // Comment pages take 40 ms each, so a page is committed while the next one downloads.
        let monitor = KillMonitor(
            classify: { $0.path.hasSuffix("/issues/comments") ? .newDetail : .other },
            stall: [.newDetail: 0.040])
        github.override = { monitor.observe($0) }
        let database = directory.file("pokedex.sqlite")
        let arguments = ["--db", database, "sync", "issues", Self.repository, "--max-wait", "5"]
        let points: [KillMonitor.Trigger] = [
            .init(.newDetail, 2), .init(.newDetail, 3, delay: 0.020), .init(.newDetail, 2, delay: 0.060),
            .init(.newDetail, 4), .init(.newDetail, 3, delay: 0.100), .init(.newDetail, 2),
        ]
        var previous: Set<Int64> = []
        var previousMark: String?
        for (index, trigger) in points.enumerated() {
            let label = "kill \(index + 1) at \(trigger) with \(previous.count) comments stored"
            github.server.resetLog()
            let run = try monitor.runUntilKilled(
                arguments, environment: environment, trigger: trigger,
                stderrPath: directory.file("stderr-\(index).txt"))
            try #require(run.killed, "\(label): pokedex exited \(run.status) first: \(run.stderr)")
            if let first = github.server.requests.first(where: { $0.path.hasSuffix("/issues/comments") }) {
                #expect(first.query["since"] == previousMark, "\(label): the stream started at \(first.target)")
            }
            let snapshot = try #require(try DatabaseSnapshot(of: database))
            try snapshot.expectIntact(label)
            try snapshot.expectRunLog(killed: run.pid, label)
            let ids = Set(try snapshot.rows("SELECT id FROM github_comment").map { Int64($0[0].dropFirst(2))! })
            #expect(ids.isSuperset(of: previous), "\(label): comments were lost")
            let mark = try snapshot.rows("SELECT comments_high_water_mark FROM github_sync_state")
            let newest = try snapshot.rows("SELECT max(updated_at) FROM github_comment")
            #expect(mark == newest, "\(label): high-water mark \(mark) but newest stored \(newest)")
            if let markText = mark.first?.first, markText != "null" {
                previousMark = String(markText.dropFirst(2))
                let stamp = try #require(ids.compactMap { updatedByID[$0] }.max())
                let gaps = served.filter { $0.updatedAt < stamp && !ids.contains($0.id) }.map(\.id)
                #expect(gaps.isEmpty, "\(label): comments older than the mark are missing: \(gaps.prefix(5))")
            }
            try snapshot.expectRows(
                matching: reference, keyedBy: ["github_comment": "id"], ids: ids.sorted(), label)
            previous = ids
        }
        #expect(!previous.isEmpty && previous.count < served.count, "a partial stream: \(previous.count)")

        monitor.disarm()
        let resumed = try PokedexProcess.run(arguments, environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let final = try #require(try DatabaseSnapshot(of: database))
        try final.expectIntact("after the resumed sync")
        let count = try final.rows("SELECT count(*), count(DISTINCT id) FROM github_comment")
        #expect(count == [["i:\(served.count)", "i:\(served.count)"]], "every comment once: \(count)")
        let finalDump = try final.dump()
        let referenceDump = try reference.dump()
        #expect(finalDump == referenceDump, "\(DatabaseSnapshot.difference(finalDump, referenceDump))")
    }
}
