import Foundation
import LoopbackHTTP
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

/// What cron relies on: signals, offline runs, freshness, status, output, bad files and
/// bad arguments, through the real binary.
@Suite("pokedex sync under cron")
struct CronEndToEndTests {
    let directory: TemporaryDirectory
    let api: FakePokeAPI
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        // 250 entries: one list page, committed in three pages of 100.
        api = try FakePokeAPI(catalog: FakePokemon.threePageCatalog())
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String], environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: ["POKEAPI_BASE_URL": api.baseURL].merging(environment) { $1 })
    }

    func storedCount() throws -> Int {
        let list = try pokedex(["list", "--limit", "1000", "--json"])
        guard list.status != 66 else { return 0 }
        try #require(list.status == 0, "\(list.stderr)")
        return (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any])?.count ?? -1
    }

    func statusJSON() throws -> [String: Any] {
        let status = try pokedex(["status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    }

    func pokemonResource(_ status: [String: Any]) -> [String: Any]? {
        (status["resources"] as? [[String: Any]])?.first { $0["resource"] as? String == "pokemon" }
    }

    /// The database's bytes (file and write-ahead log), to prove a command left it alone.
    func fileBytes() -> [Data?] {
        [database, database + "-wal"].map { FileManager.default.contents(atPath: $0) }
    }

    func integrity() throws -> (check: String, foreignKeyViolations: Int) {
        let connection = try Database(path: database, mode: .readWrite)
        return (
            try connection.queryFirst("PRAGMA integrity_check") { $0.text(0) } ?? "",
            try connection.query("PRAGMA foreign_key_check") { _ in 1 }.count
        )
    }

    /// Starts a sync whose details after the first page stall, so it is mid-run for a while.
    func startSlowSync() throws -> Process {
        let api = api
        api.override = { request in
            guard let id = Int(request.path.split(separator: "/").last ?? ""), id > 100, id < 10_000 else { return nil }
            return ScriptedResponse.json(api.body(forID: id)).withFault(.stall(seconds: 0.3))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PokedexProcess.binaryPath)
        process.arguments = ["--db", database, "sync", "--concurrency", "2"]
        process.environment = ["POKEAPI_BASE_URL": api.baseURL, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func waitUntil(_ condition: () throws -> Bool) throws {
        for _ in 0..<200 {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting")
    }

    @Test(
        "SIGTERM and SIGINT stop after a commit: exit 143/130, data intact, run recorded interrupted",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func stopSignals(signal: Int32, expected: Int32) throws {
        let sync = try startSlowSync()
        try waitUntil { try storedCount() >= 100 }
        let running = try statusJSON()["sync_running"] as? [String: Any]
        #expect(
            (running?["holder"] as? String)?.contains("pid \(sync.processIdentifier)") == true,
            "status shows the running sync")
        kill(sync.processIdentifier, signal)
        sync.waitUntilExit()
        #expect(sync.terminationReason == .exit && sync.terminationStatus == expected)
        let kept = try storedCount()
        #expect(kept == 100 || kept == 200, "whole pages only: \(kept)")
        #expect(try integrity() == ("ok", 0))
        let status = try statusJSON()
        #expect(status["sync_running"] is NSNull)
        let failure = pokemonResource(status)?["last_failure"] as? [String: Any]
        #expect(failure?["outcome"] as? String == "interrupted", "\(status)")

        api.override = nil
        #expect(try pokedex(["sync"]).status == 0)
        #expect(try storedCount() == 250)
    }

    @Test("kill -9 while a list page is committed in parts keeps whole parts; the next sync completes")
    func killedMidListPage() throws {
        let sync = try startSlowSync()
        try waitUntil { try storedCount() >= 100 }
        kill(sync.processIdentifier, SIGKILL)
        sync.waitUntilExit()
        // One list request brought all 250 entries; only its committed parts of 100 remain.
        let kept = try storedCount()
        #expect(kept == 100 || kept == 200, "whole pages of 100 only: \(kept)")
        #expect(try integrity() == ("ok", 0))
        api.override = nil
        #expect(try pokedex(["sync"]).status == 0)
        #expect(try storedCount() == 250)
    }

    @Test("offline: one line naming the host and cause, data unchanged, exit 69; queries keep working")
    func offline() throws {
        #expect(try pokedex(["sync", "--limit", "20"]).status == 0)
        let before = fileBytes()
        let offline = try pokedex(
            ["sync", "--max-age", "0", "--retries", "0"],
            environment: ["POKEAPI_BASE_URL": "http://127.0.0.1:9/api/v2"])
        #expect(offline.status == 69)
        #expect(offline.errors.count == 1, "\(offline.stderr)")
        let line = offline.errors.first ?? ""
        #expect(line.contains("cannot reach 127.0.0.1:9 (connection refused)"), "\(line)")
        #expect(line.contains("local data unchanged, Pokémon catalog last synced 20"), "\(line)")
        #expect(line.contains("Z, in part"), "the only success was --limit 20's: \(line)")
        #expect(try storedCount() == 20)
        #expect(try pokedex(["show", "1"]).status == 0)
        #expect(before[0] != nil)
        let status = try statusJSON()
        #expect((pokemonResource(status)?["last_failure"] as? [String: Any])?["outcome"] as? String == "failed")
    }

    @Test("--if-older-than skips a fresh catalog without a request; status reports the runs")
    func ifOlderThan() throws {
        #expect(try pokedex(["sync", "--limit", "30"]).status == 0)
        api.resetCounters()
        let skipped = try pokedex(["sync", "--limit", "30", "--if-older-than", "6h"])
        #expect(skipped.status == 0)
        #expect(api.listRequestCount == 0 && api.detailRequestCount == 0 && api.notModifiedCount == 0)
        #expect(
            skipped.messages.contains { $0.hasPrefix("skipped Pokémon catalog: synced successfully at") },
            "\(skipped.stderr)")
        let status = try statusJSON()
        #expect(
            Array(status.keys).sorted() == [
                "database", "rate_limit", "resources", "schema_version", "size_bytes",
                "sync_running",
            ])
        let pokemon = try #require(pokemonResource(status))
        #expect((pokemon["counts"] as? [String: Int]) == ["pokemon": 30, "with_details": 30])
        #expect((pokemon["last_success"] as? [String: Any])?["items_changed"] as? Int == 30)
        #expect(pokemon["last_failure"] is NSNull)
    }

    @Test("a partial sync's success does not make a whole sync skip what it left out")
    func partialRunIsNotFreshForWholeSync() throws {
        #expect(try pokedex(["sync", "--offset", "10", "--limit", "30"]).status == 0)
        let partial = try #require(pokemonResource(try statusJSON())?["last_success"] as? [String: Any])
        #expect(partial["partial_scope"] as? String == "offset 10 limit 30")
        #expect(try pokedex(["status"]).stdout.contains("only offset 10 limit 30"))
        api.resetCounters()
        let other = try pokedex(["sync", "--limit", "30", "--if-older-than", "6h"])
        #expect(other.status == 0)
        #expect(!other.messages.contains { $0.hasPrefix("skipped Pokémon catalog") }, "\(other.stderr)")
        let whole = try pokedex(["sync", "--if-older-than", "6h"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(!whole.messages.contains { $0.hasPrefix("skipped") }, "\(whole.stderr)")
        #expect(try storedCount() == api.catalog.count)
        let wholeRun = try #require(pokemonResource(try statusJSON())?["last_success"] as? [String: Any])
        #expect(wholeRun["partial_scope"] is NSNull)
        let again = try pokedex(["sync", "--offset", "10", "--limit", "30", "--if-older-than", "6h"])
        #expect(
            again.messages.contains { $0.hasPrefix("skipped Pokémon catalog: synced successfully at") },
            "the whole run covers every part: \(again.stderr)")
    }

    @Test("--retry-wait bounds the waiting between one request's attempts, even when the server asks for more")
    func retryWaitBound() throws {
        let asked = RequestCounter()
        api.override = { request in
            guard request.path.hasSuffix("/pokemon/1/") else { return nil }
            asked.increment()
            return .text("Service Unavailable", status: 503, headers: [("Retry-After", "30")])
        }
        let result = try pokedex(["sync", "--limit", "1", "--retries", "10", "--retry-wait", "1"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(asked.count == 2, "one wait of 1 s fits in --retry-wait 1, a second does not: \(asked.count) requests")
    }

    @Test("without a terminal, sync lines are timestamped; --quiet prints nothing on success")
    func cronOutput() throws {
        let plain = try pokedex(["sync", "--limit", "5"])
        let lines = plain.stderr.split(separator: "\n")
        // One line per run: the catalog, types, abilities, species, evolution chains, encounters,
        // the species those chains name that the five Pokémon did not (one), artwork; and one at the end.
        #expect(
            lines.count == 9
                && lines.allSatisfy {
                    $0.range(
                        of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ "#,
                        options: .regularExpression) != nil
                },
            "\(plain.stderr)")
        #expect(!plain.stderr.contains("\u{1B}"), "no escapes without a terminal")
        let quiet = try pokedex(["--quiet", "sync", "--limit", "5"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
    }

    @Test("on a terminal: a progress line and a red Error:, unless NO_COLOR is set")
    func terminalOutput() throws {
        let script = "/usr/bin/script"
        try #require(FileManager.default.isExecutableFile(atPath: script), "util-linux's script gives a terminal")
        func underTerminal(_ arguments: String, environment: [String: String] = [:]) throws -> String {
            let command = "\(PokedexProcess.binaryPath) --db \(database) \(arguments)"
            return try PokedexProcess.run(
                ["-qec", command, "/dev/null"],
                environment: ["POKEAPI_BASE_URL": api.baseURL, "TERM": "xterm"]
                    .merging(environment) { $1 },
                executable: script
            ).stdout
        }
        let progress = try underTerminal("sync --limit 150")
        #expect(progress.contains("\r\u{1B}[KPokémon catalog: "), "\(progress.debugDescription)")
        #expect(progress.contains("synced 150 Pokémon"))
        let failing = try underTerminal("show nosuchmon")
        #expect(failing.contains("\u{1B}[1;31mError:\u{1B}[0m"), "\(failing.debugDescription)")
        let plain = try underTerminal("show nosuchmon", environment: ["NO_COLOR": "1"])
        #expect(plain.contains("Error: ") && !plain.contains("\u{1B}["), "\(plain.debugDescription)")
    }

    @Test("bad database files: a clear error and exit status, and the file is never changed")
    func badFiles() throws {
        #expect(try pokedex(["sync", "--limit", "20"]).status == 0)
        let pristine = try Data(contentsOf: URL(fileURLWithPath: database))

        // A directory.
        let folder = directory.file("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let onFolder = try PokedexProcess.run(["--db", folder, "sync"], environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(
            onFolder.status == 74 && onFolder.errors.first?.contains("it is a directory, not a file") == true,
            "\(onFolder.stderr)")

        // A location that cannot be created: its "parent directory" is a file.
        let underFile = directory.file("notes.txt")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: underFile))
        let unwritable = try PokedexProcess.run(
            ["--db", underFile + "/pokedex.sqlite", "sync"],
            environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(
            unwritable.status == 73 && unwritable.errors.first?.contains("cannot create directory") == true,
            "\(unwritable.stderr)")
        #expect(try String(contentsOfFile: underFile, encoding: .utf8) == "notes")

        // A database of a newer pokedex.
        let newer = directory.file("newer.sqlite")
        try pristine.write(to: URL(fileURLWithPath: newer))
        try Database(path: newer).run(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (9999, 'future', 'x', 'now')")
        let newerBytes = try Data(contentsOf: URL(fileURLWithPath: newer))
        for arguments in [["sync"], ["list"], ["status"]] {
            let result = try PokedexProcess.run(
                ["--db", newer] + arguments, environment: ["POKEAPI_BASE_URL": api.baseURL])
            #expect(result.status == 74 && result.errors.first?.contains("newer pokedex") == true, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: newer)) == newerBytes)

        // A damaged database: every page after the first overwritten.
        let damaged = directory.file("damaged.sqlite")
        var bytes = pristine
        let pageSize = 16_384
        bytes.replaceSubrange(pageSize..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - pageSize))
        try bytes.write(to: URL(fileURLWithPath: damaged))
        for arguments in [["sync"], ["list"], ["show", "pikachu"], ["status"]] {
            let result = try PokedexProcess.run(
                ["--db", damaged] + arguments, environment: ["POKEAPI_BASE_URL": api.baseURL])
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(result.errors.count == 1 && result.errors[0].contains("malformed"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == bytes, "never repaired silently")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == pristine)
    }

    /// After a failed write: the file is intact, holds what it held (and any page committed
    /// before the failing one), and the next sync completes.
    func expectIntactThenResumable(atLeast stored: Int) throws {
        #expect(try integrity() == ("ok", 0))
        let list = try pokedex(["list", "--limit", "1000", "--json"])
        let ids = ((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]) ?? [])
            .compactMap { $0["id"] as? Int }
        #expect(Set(1...stored).isSubset(of: Set(ids)), "every Pokémon stored before is kept: \(ids.count) stored")
        #expect(try pokedex(["sync"]).status == 0, "the next sync without the limit completes")
        #expect(try storedCount() == 250)
    }

    @Test(
        "bad arguments: exit 64 with an Error: line, and the database is not touched",
        arguments: [
            ["list", "--limit", "-5"], ["list", "--limit", "0"], ["list", "--limit", "1e9"], ["list", "--offset", "９"],
            ["list", "--limit", "100000000000000000000"], ["sync", "--concurrency", "0"], ["sync", "--wait", "-1"],
            ["sync", "--if-older-than", "soon"], ["sync", "--max-age", "-1d"], ["sync", "--max-age"],
            ["show", ""], ["show", String(repeating: "x", count: 10_000)], ["show", "a", "b"],
            ["sync", "--frobnicate"], ["list", "--json=yes"], ["status", "--all"],
            ["sync", "issues", "no_slash!"], ["sync", "issues", "a/b/c"], ["sync", "issues", "/repo"],
            ["issues", "owner/"], ["issue", "o/r#x"], ["issue", "o/r#-1"], ["issues", "ówner/repo"],
            ["sync", "issues", "o/r\u{202E}"], ["list", "—limit", "3"], ["sync", "issues"],
        ])
    func badArguments(arguments: [String]) throws {
        if !FileManager.default.fileExists(atPath: database) {
            #expect(try pokedex(["sync", "--limit", "3"]).status == 0)
        }
        let before = fileBytes()
        let result = try pokedex(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.errors.count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(fileBytes() == before)
    }
}

private final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}
