import Foundation
import LoopbackHTTP
import SQLiteDatabase
import TestSupport
import Testing

/// Two syncs of one database: one writes, the other waits or exits 75; readers go on.
@Suite("pokedex sync locking")
struct LockingEndToEndTests {
    let directory: TemporaryDirectory
    let api: FakePokeAPI
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        api = try FakePokeAPI()
        database = directory.file("pokedex.sqlite")
    }

    /// Starts a sync whose detail downloads stall, and returns once it holds the lock.
    func startSlowSync(stall seconds: Double) throws -> Process {
        let bodies = Dictionary(uniqueKeysWithValues: (1...3).map { ("/api/v2/pokemon/\($0)/", api.body(forID: $0)) })
        api.override = { request in
            bodies[request.path].map { ScriptedResponse.json($0).withFault(.stall(seconds: seconds)) }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PokedexProcess.binaryPath)
        process.arguments = [
            "--db", database, "--quiet", "sync", "--limit", "3", "--concurrency", "1", "--max-age", "0",
        ]
        process.environment = ["POKEAPI_BASE_URL": api.baseURL, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lockFile = database + ".lock"
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: lockFile, encoding: .utf8),
                text.contains("pid \(process.processIdentifier)")
            {
                return process
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        throw TimedOut(arguments: process.arguments ?? [], stderr: "the first sync never took the lock")
    }

    @Test("a second sync exits 75 naming the holder; with --wait it waits its turn")
    func secondSync() throws {
        #expect(
            try PokedexProcess.run(
                ["--db", database, "sync", "--limit", "3"],
                environment: ["POKEAPI_BASE_URL": api.baseURL]
            ).status == 0)
        let first = try startSlowSync(stall: 3)
        defer { first.terminate() }
        let refused = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "3"],
            environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(refused.status == 75)
        #expect(refused.stderr.contains("pid \(first.processIdentifier) since"), "\(refused.stderr)")
        #expect(refused.stderr.contains("or pass --wait SECONDS"), "\(refused.stderr)")
        let waitedTooLittle = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "3", "--wait", "1"],
            environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(
            waitedTooLittle.status == 75 && waitedTooLittle.stderr.contains("still after waiting 1 s")
                && waitedTooLittle.stderr.contains("wait longer with --wait"), "\(waitedTooLittle.stderr)")

        let reader = try PokedexProcess.run(["--db", database, "list", "--json"])
        #expect(reader.status == 0, "readers never wait for a sync: \(reader.stderr)")

        let waited = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "3", "--wait", "30"],
            environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(waited.status == 0, "\(waited.stderr)")
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
    }

    @Test("a lock left by a killed sync never blocks the next one")
    func killedHolder() throws {
        let first = try startSlowSync(stall: 30)
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        api.override = nil
        let next = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "3"],
            environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(next.status == 0, "\(next.stderr)")
    }

    @Test("another program holding the file's write lock past SQLite's busy timeout: 75, try later, nothing lost")
    func lockedByAnotherProgram() throws {
        let first = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "3"], environment: ["POKEAPI_BASE_URL": api.baseURL])
        try #require(first.status == 0, "\(first.stderr)")
        // As a sqlite3 shell or a backup tool holds it, outside pokedex's own writer lock.
        let other = try Database(path: database, mode: .readWrite)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        let blocked = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "3", "--max-age", "0"], environment: ["POKEAPI_BASE_URL": api.baseURL]
        )
        try other.execute("ROLLBACK")
        #expect(blocked.status == 75 && blocked.errors.count == 1, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("is locked by another program"), "\(blocked.stderr)")
        #expect(!blocked.stderr.contains("UPDATE") && !blocked.stderr.contains("BEGIN"), "no SQL: \(blocked.stderr)")
        let list = try PokedexProcess.run(["--db", database, "list", "--json"])
        #expect(list.status == 0 && list.stdout.contains("\"bulbasaur\""), "\(list.stderr)")
    }

    @Test("readers running alongside a writing sync never fail and see whole pages only")
    func readersDuringWrites() throws {
        // 250 entries committed in pages of 100; the details past the first page wait until a
        // reader has seen it, so that readers see at least two states however slow they start.
        let large = try FakePokeAPI(catalog: FakePokemon.threePageCatalog())
        let bodies = Dictionary(
            uniqueKeysWithValues: large.catalog.map { ($0.id, large.body(forID: $0.id)) })
        let firstPageSeen = Flag()
        // One deadline for every held request: a reader that never sees the page fails the test
        // in a minute, not a minute a request.
        let deadline = Date(timeIntervalSinceNow: 60)
        large.override = { request in
            guard let id = Int(request.path.split(separator: "/").last ?? ""), let body = bodies[id],
                request.path.hasPrefix("/api/v2/pokemon/")
            else { return nil }
            while id > 100 && !firstPageSeen.isSet && Date() < deadline { usleep(10_000) }
            return ScriptedResponse.json(body).withFault(.stall(seconds: 0.01))
        }
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: PokedexProcess.binaryPath)
        writer.arguments = ["--db", database, "--quiet", "sync", "--concurrency", "2"]
        writer.environment = ["POKEAPI_BASE_URL": large.baseURL, "PATH": "/usr/bin:/bin"]
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        var seen: Set<Int> = []
        func read() throws {
            let reader = try PokedexProcess.run(["--db", database, "list", "--limit", "1000", "--json"])
            if reader.status == 66 { return }  // nothing committed yet
            #expect(reader.status == 0, "\(reader.stderr)")
            let count = (try JSONSerialization.jsonObject(with: Data(reader.stdout.utf8)) as? [Any])?.count ?? -1
            #expect([100, 200, 250].contains(count), "a reader saw \(count) rows: not whole pages")
            seen.insert(count)
            if count == 100 { _ = firstPageSeen.setOnce() }
            let status = try PokedexProcess.run(["--db", database, "status", "--json"])
            #expect(status.status == 0, "\(status.stderr)")
        }
        while writer.isRunning { try read() }
        writer.waitUntilExit()
        try read()
        #expect(writer.terminationStatus == 0)
        #expect(seen.count >= 2 && seen.contains(100) && seen.contains(250), "saw \(seen.sorted())")
    }
}
