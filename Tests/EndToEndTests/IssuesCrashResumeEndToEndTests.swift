import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `kill -9` at many points of an issues sync, then the same checks as
/// `CatalogCrashResumeEndToEndTests`: the database is intact, nothing committed is lost, the next
/// sync resumes from the committed high-water mark, and it ends with the rows of an uninterrupted
/// sync. Kill points are counted in requests, so each run is killed at the same place.
@Suite("kill -9 during an issues sync, then resume")
struct IssuesCrashResumeEndToEndTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static let repository = "acme/rocket"
    /// Ten pages of 100: more than the kills below can commit, so the last kill still finds work.
    static let issueCount = 1_000
    /// Tables holding issue data, with the column naming the issue.
    static let keyColumns = [
        "github_issue": "id", "github_issue_label": "issue_id",
        "github_issue_assignee": "issue_id",
    ]

    @Test("issues: kill -9 at 10 points of a sync; each restart resumes from the committed high-water mark")
    func issueKills() throws {
        let github = try FakeGitHub(repositories: [
            .generated(owner: "acme", name: "rocket", issueCount: Self.issueCount)
        ])
        let environment = ["GITHUB_API_URL": github.baseURL]
        let referencePath = directory.file("reference.sqlite")
        let clean = try PokedexProcess.run(
            ["--db", referencePath, "sync", "issues", Self.repository],
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
            let run = try monitor.runUntilKilled(
                arguments, environment: environment, trigger: trigger,
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
            try snapshot.expectRows(matching: reference, keyedBy: Self.keyColumns, ids: ids.sorted(), label)
            try snapshot.expectRowsContained(
                in: reference,
                tables: [
                    "github_repository", "github_user", "github_label",
                    "github_milestone",
                ], label)

            let listed = try PokedexProcess.run([
                "--db", database, "issues", Self.repository, "--state", "all",
                "--all-kinds", "--limit", "100000", "--json",
            ])
            if try snapshot.rows("SELECT id FROM github_repository").isEmpty {
                #expect(listed.status == 66, "\(label): \(listed.stderr)")
            } else {
                #expect(listed.status == 0, "\(label): \(listed.stderr)")
                let count = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any])?.count
                #expect(count == numbers.count, "\(label): pokedex issues disagrees with the file")
            }
            previous = numbers
        }
        #expect(
            !previous.isEmpty && previous.count < Self.issueCount, "the kills left a partial sync: \(previous.count)")

        // The resumed sync asks only for what is newer than the high-water mark.
        monitor.disarm()
        let mark = try #require(previous.map { updated[$0]! }.max())
        let newest = try #require(served.map(\.updatedAt).max())
        github.server.resetLog()
        // -v: the page lines count what the server sent; the summary counts what is stored.
        let resumed = try PokedexProcess.run(["--verbose"] + arguments, environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let pagesAsked = github.server.requests.filter { $0.path.hasSuffix("/issues") }
        #expect(pagesAsked.first?.query["since"] != nil, "the resumed sync starts at the high-water mark")
        // GitHub's `since` is inclusive: the first walk gets everything updated at or after the
        // mark, the second (which confirms nothing changed) what was updated at the newest time.
        let expected = served.filter { $0.updatedAt >= mark }.count + served.filter { $0.updatedAt == newest }.count
        let received = resumed.messages.last { $0.contains(" issues: page ") }
        #expect(
            received?.contains(", \(expected) received;") == true, "expected \(expected) received: \(resumed.stderr)")

        let final = try #require(try DatabaseSnapshot(of: database))
        try final.expectIntact("after the resumed sync")
        let outcomes = try final.rows("SELECT outcome, count(*) FROM sync_run GROUP BY outcome ORDER BY outcome")
        #expect(outcomes == [["t:abandoned", "i:\(points.count)"], ["t:succeeded", "i:1"]], "\(outcomes)")
        let finalDump = try final.dump()
        let referenceDump = try reference.dump()
        #expect(finalDump == referenceDump, "\(DatabaseSnapshot.difference(finalDump, referenceDump))")
    }
}
