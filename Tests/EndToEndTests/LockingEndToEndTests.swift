import Foundation
import LoopbackHTTP
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
        process.arguments = ["--db", database, "--quiet", "sync", "--limit", "3", "--concurrency", "1", "--max-age", "0"]
        process.environment = ["POKEAPI_BASE_URL": api.baseURL, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lockFile = database + ".lock"
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: lockFile, encoding: .utf8), text.contains("pid \(process.processIdentifier)") {
                return process
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        throw TimedOut(arguments: process.arguments ?? [], stderr: "the first sync never took the lock")
    }

    @Test("a second sync exits 75 naming the holder; with --wait it waits its turn")
    func secondSync() throws {
        #expect(try PokedexProcess.run(["--db", database, "sync", "--limit", "3"],
                                       environment: ["POKEAPI_BASE_URL": api.baseURL]).status == 0)
        let first = try startSlowSync(stall: 1.5)
        defer { first.terminate() }
        let refused = try PokedexProcess.run(["--db", database, "sync", "--limit", "3"],
                                             environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(refused.status == 75)
        #expect(refused.stderr.contains("pid \(first.processIdentifier) since"), "\(refused.stderr)")

        let reader = try PokedexProcess.run(["--db", database, "list", "--json"])
        #expect(reader.status == 0, "readers never wait for a sync: \(reader.stderr)")

        let waited = try PokedexProcess.run(["--db", database, "sync", "--limit", "3", "--wait", "30"],
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
        let next = try PokedexProcess.run(["--db", database, "sync", "--limit", "3"],
                                          environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(next.status == 0, "\(next.stderr)")
    }
}
