import Foundation
import LoopbackHTTP
import SQLiteDatabase
import TestSupport
import Testing

/// Data pokedex cannot use, from a server or in a file: bad server data is exit 65 naming its
/// URL, a damaged or foreign file exit 74, and nothing stored before is lost or changed.
@Suite("Bad server data and foreign database files end to end")
struct BadDataEndToEndTests {
    let directory: TemporaryDirectory
    let api: FakePokeAPI
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        api = try FakePokeAPI()
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String], at path: String? = nil) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", path ?? database] + arguments, environment: ["POKEAPI_BASE_URL": api.baseURL])
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("a detail with two abilities in one slot is bad server data (65, naming the URL); stored rows stay")
    func duplicateAbilitySlot() throws {
        #expect(try pokedex(["sync", "--limit", "30"]).status == 0)
        let before = try pokedex(["list", "--limit", "100", "--json"]).stdout
        let pikachuBefore = try pokedex(["show", "pikachu", "--json"]).stdout
        let contradictory = api.body(forID: 25).replacingOccurrences(of: #""slot":3"#, with: #""slot":1"#)
        try #require(contradictory != api.body(forID: 25), "the fake's pikachu has an ability in slot 3")
        api.override = { request in request.path.hasSuffix("/pokemon/25/") ? .json(contradictory) : nil }

        let result = try pokedex(["sync", "--limit", "30", "--max-age", "0"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errors.count == 1, "\(result.stderr)")
        #expect(result.errors.first?.contains("/pokemon/25/") == true, "\(result.stderr)")
        #expect(result.errors.first?.contains("two abilities in slot 1") == true, "\(result.stderr)")
        #expect(try pokedex(["list", "--limit", "100", "--json"]).stdout == before)
        #expect(try pokedex(["show", "pikachu", "--json"]).stdout == pikachuBefore)
    }

    @Test(
        "another program's SQLite file (in WAL mode too): syncs and queries exit 74 and leave it as it was, alone",
        arguments: [false, true])
    func foreignFile(inWAL: Bool) throws {
        let other = directory.file("other.sqlite")
        do {
            let database = try Database(path: other)
            // Reading a WAL file makes SQLite create its -wal and -shm beside it.
            if inWAL { _ = try database.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) } }
            try database.execute(
                "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes VALUES (1, 'x');")
            database.close()
        }
        let before = try bytes(other)
        for arguments in [["sync", "--limit", "5"], ["list"], ["show", "1"], ["status"]] {
            let result = try pokedex(arguments, at: other)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(
                result.errors.count == 1 && result.errors[0].contains("another program's SQLite file"),
                "\(arguments): \(result.stderr)")
        }
        #expect(try bytes(other) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("other") } == [
                "other.sqlite"
            ], "no log or lock beside it")
    }

    @Test("a pokedex database missing one of its tables is damaged: 74 for queries and syncs alike")
    func missingTable() throws {
        #expect(try pokedex(["sync", "--limit", "10"]).status == 0)
        do {
            let damaged = try Database(path: database)
            try damaged.execute("DROP TABLE pokemon_stat")
        }
        let before = try bytes(database)
        for (arguments, says) in [
            (["show", "1"], "no such table: pokemon_stat"),
            (["sync", "--limit", "10", "--max-age", "0"], "table pokemon_stat missing"),
        ] {
            let result = try pokedex(arguments)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(result.errors.count == 1 && result.errors[0].contains(says), "\(arguments): \(result.stderr)")
        }
        #expect(try bytes(database) == before, "nothing was written into the damaged file")
    }

    @Test("a page damaged inside a table: the query that reads it is 74, one line naming the file, no SQL")
    func damagedPage() throws {
        #expect(try pokedex(["sync", "--limit", "10"]).status == 0)
        let (pageSize, root) = try {
            let stored = try Database(path: database)
            defer { stored.close() }
            return (
                try stored.queryFirst("PRAGMA page_size") { $0.int(0) } ?? 0,
                try stored.queryFirst("SELECT rootpage FROM sqlite_schema WHERE name = 'pokemon'") { $0.int(0) } ?? 0
            )
        }()
        var file = try bytes(database)
        // The table's root page (numbered from 1) overwritten, its header included.
        let start = (root - 1) * pageSize
        file.replaceSubrange(start..<start + pageSize, with: [UInt8](repeating: 0xA5, count: pageSize))
        try file.write(to: URL(fileURLWithPath: database))
        let result = try pokedex(["show", "1"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.errors.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(database) is damaged (SQLite error 11: "), "\(result.stderr)")
        #expect(!result.stderr.contains("SELECT"), "which statement met the damage is left out: \(result.stderr)")
    }
}
