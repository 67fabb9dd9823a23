import CSQLite
import Foundation
import LoopbackHTTP
import SQLiteDatabase
import TestSupport
import Testing

/// `pokedex repos --forget`: a repository or an owner removed with all that is stored of it.
@Suite("pokedex repos --forget end to end")
struct ForgetEndToEndTests {
    let directory: TemporaryDirectory
    let github: FakeGitHub
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        github = try FakeGitHub(repositories: [
            .generated(owner: "acme", name: "rocket", issueCount: 60),
            .generated(owner: "acme", name: "probe", issueCount: 20),
            .generated(owner: "other", name: "thing", issueCount: 10),
        ])
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: ["GITHUB_API_URL": github.baseURL])
    }

    /// The stored repositories and the rows that belong to them, by table.
    func stored() throws -> (repositories: [String], issues: Int, comments: Int, runs: [String]) {
        let connection = try Database(path: database, mode: .readOnly)
        defer { connection.close() }
        return (
            try connection.query("SELECT full_name FROM github_repository ORDER BY full_name") { $0.text(0) },
            try connection.queryFirst("SELECT count(*) FROM github_issue") { $0.int(0) } ?? -1,
            try connection.queryFirst("SELECT count(*) FROM github_comment") { $0.int(0) } ?? -1,
            try connection.query(
                "SELECT DISTINCT repository_name FROM sync_run WHERE resource = 'issues' ORDER BY 1"
            ) { $0.text(0) }
        )
    }

    @Test("a repository, then an owner, then a mistyped name: each gone with its rows, said first, exit 0")
    func forgets() throws {
        for name in ["acme/rocket", "acme/probe", "other/thing", "acme/typo"] {
            _ = try pokedex(["sync", "issues", name])
        }
        let before = try stored()
        #expect(before.repositories == ["acme/probe", "acme/rocket", "other/thing"])

        let one = try pokedex(["repos", "--forget", "ACME/Rocket", "--yes"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.contains("this removes acme/rocket ("), "\(one.stderr)")
        #expect(one.stderr.contains("removed acme/rocket ("), "\(one.stderr)")
        let afterOne = try stored()
        #expect(afterOne.repositories == ["acme/probe", "other/thing"])
        #expect(afterOne.issues == before.issues - github.issues(of: "acme/rocket").count)
        #expect(!afterOne.runs.contains("acme/rocket"))

        // The mistyped repository was never stored: its runs were all status listed of it.
        #expect(try pokedex(["status"]).stdout.contains("acme/typo issues"))
        #expect(try pokedex(["repos", "--forget", "acme/typo", "--yes"]).status == 0)
        #expect(try !pokedex(["status"]).stdout.contains("acme/typo"))

        let owner = try pokedex(["repos", "--forget", "acme", "--yes"])
        #expect(owner.status == 0, "\(owner.stderr)")
        let afterOwner = try stored()
        #expect(afterOwner.repositories == ["other/thing"])
        #expect(afterOwner.runs == ["other/thing"])
        #expect(afterOwner.issues == github.issues(of: "other/thing").count)
        #expect(afterOwner.comments == github.comments(of: "other/thing").count)
        #expect(try pokedex(["issues", "other/thing", "--search", "the"]).status == 0, "its search index still works")
    }

    @Test("without --yes and without a terminal it refuses (64); a name nothing has is 66; nothing changes")
    func refuses() throws {
        _ = try pokedex(["sync", "issues", "acme/rocket"])
        let before = try stored()
        let unasked = try pokedex(["repos", "--forget", "acme/rocket"])
        #expect(unasked.status == 64, "\(unasked.stderr)")
        #expect(unasked.stderr.contains("pass --yes"), "\(unasked.stderr)")
        let unknown = try pokedex(["repos", "--forget", "nobody/nothing", "--yes"])
        #expect(unknown.status == 66, "\(unknown.stderr)")
        let stray = try pokedex(["repos", "--yes"])
        #expect(stray.status == 64)
        #expect(try stored() == before)
    }

    @Test("at a terminal it asks; 'n' keeps everything, 'y' removes")
    func asks() throws {
        _ = try pokedex(["sync", "issues", "acme/rocket"])
        for (answer, kept) in [("n", true), ("y", false)] {
            let terminal = try PseudoTerminal(
                executable: PokedexProcess.binaryPath, ["--db", database, "repos", "--forget", "acme/rocket"],
                environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"])
            #expect(terminal.wait(for: .seconds(20)) { $0.contains("remove? [y/N]") }, "\(terminal.text)")
            terminal.type(answer + "\n")
            #expect(terminal.exit(within: .seconds(20)) == 0, "\(terminal.text)")
            #expect(try stored().repositories.contains("acme/rocket") == kept)
        }
    }

    /// Multiplies the stored issues and comments `times` over, as copies with ids and numbers
    /// of their own, so that removing them takes long enough to be interrupted.
    func multiplyRows(_ times: Int) throws {
        let connection = try Database(path: database)
        defer { connection.close() }
        for (table, shifted) in [("github_issue", ["id", "number"]), ("github_comment", ["id"])] {
            let columns = try connection.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) }
            let values = columns.map { shifted.contains($0) ? "\($0) + copy.k * 1000000" : $0 }
            try connection.execute(
                """
                WITH RECURSIVE copy(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM copy WHERE k < \(times))
                INSERT INTO \(table) (\(columns.joined(separator: ", ")))
                SELECT \(values.joined(separator: ", ")) FROM \(table), copy
                """)
        }
    }

    @Test("kill -9 while it removes: the repository is there whole or gone whole, the file intact")
    func killed() throws {
        #expect(try pokedex(["sync", "issues", "acme/rocket"]).status == 0)
        try multiplyRows(200)
        let issues = try stored().issues
        var interrupted = 0
        for delay in [0.05, 0.15, 0.3, 0.5, 0.8, 1.2, 2.0, 4.0] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: PokedexProcess.binaryPath)
            process.arguments = ["--db", database, "repos", "--forget", "acme/rocket", "--yes"]
            let said = Pipe()
            process.standardError = said
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let stderr = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let after = try stored()
            let whole = after.repositories == ["acme/rocket"] && after.issues == issues
            let gone = after.repositories.isEmpty && after.issues == 0 && after.comments == 0
            #expect(whole || gone, "after \(delay) s: \(after)")
            let check = try Database(path: database, mode: .readOnly)
            #expect(try check.query("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
            #expect(try check.query("PRAGMA foreign_key_check") { $0.text(0) }.isEmpty)
            check.close()
            // Killed after it said what it removes and before it said it had: mid-way.
            if stderr.contains("this removes") && !stderr.contains("removed") { interrupted += 1 }
            if gone { break }
        }
        #expect(interrupted > 0, "no kill came while it removed")
        #expect(try stored().repositories.isEmpty || stored().issues == issues)
    }
}
