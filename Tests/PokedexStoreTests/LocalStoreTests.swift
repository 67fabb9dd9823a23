import Foundation
import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

@Suite("Opening the database")
struct LocalStoreTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    @Test("a new database is created in WAL mode with foreign keys on")
    func createsWAL() throws {
        let database = try LocalStore.openForWriting(path: directory.file("new.sqlite"))
        #expect(try database.queryFirst("PRAGMA journal_mode") { $0.text(0) } == "wal")
        #expect(try database.queryFirst("PRAGMA foreign_keys") { $0.int(0) } == 1)
    }

    /// A copy of a pokedex database taken in the middle of a write in rollback-journal mode, with
    /// its journal: what a sync killed while it creates the file leaves (a hot journal).
    func interruptedWrite() throws -> String {
        let original = directory.file("writing.sqlite")
        let database = try LocalStore.openForWriting(path: original)
        try database.execute("PRAGMA journal_mode = DELETE; PRAGMA cache_size = 2; BEGIN IMMEDIATE")
        for id in 1...2_000 {
            try database.run(
                "INSERT INTO github_user (id, login) VALUES (?, ?)",
                [.int(id), .text(String(repeating: "x", count: 300))])
        }
        let copy = directory.file("interrupted.sqlite")
        for suffix in ["", "-journal"] {
            try FileManager.default.copyItem(atPath: original + suffix, toPath: copy + suffix)
        }
        try database.execute("ROLLBACK")
        database.close()
        return copy
    }

    @Test("a file a killed sync left mid-write: queries say the next sync recovers it; that sync does")
    func recoversAnInterruptedWrite() throws {
        let path = try interruptedWrite()
        #expect {
            try LocalStore.openForReading(path: path)
        } throws: { error in
            guard case .interruptedWrite = error as? StoreError else { return false }
            return "\(error)".contains("the next `pokedex sync` recovers it")
        }
        let database = try LocalStore.openForWriting(path: path)
        #expect(try database.queryFirst("SELECT count(*) FROM github_user") { $0.int(0) } == 0, "rolled back")
        #expect(try database.queryFirst("PRAGMA integrity_check") { $0.text(0) } == "ok")
        #expect(try database.queryFirst("PRAGMA journal_mode") { $0.text(0) } == "wal")
        database.close()
        #expect(throws: Never.self) { try LocalStore.openForReading(path: path) }
    }

    @Test("queries never create a database file")
    func readingMissingFile() {
        let path = directory.file("missing.sqlite")
        #expect {
            try LocalStore.openForReading(path: path)
        } throws: { error in
            guard case .noDatabase = error as? StoreError else { return false }
            return !FileManager.default.fileExists(atPath: path)
        }
    }

    @Test("a file that is not SQLite is refused and left byte-for-byte intact")
    func notSQLite() throws {
        let path = directory.file("notes.txt")
        let text = Data(String(repeating: "not a database, just notes\n", count: 200).utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect {
            try LocalStore.openForWriting(path: path)
        } throws: { error in
            guard case .notADatabase = error as? StoreError else { return false }
            return true
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    @Test("a directory is refused")
    func directoryPath() {
        #expect {
            try LocalStore.openForWriting(path: directory.path)
        } throws: { error in
            guard case .notADatabase(_, let reason) = error as? StoreError else { return false }
            return reason == "it is a directory, not a file"
        }
    }

    @Test("a database made by a newer pokedex is refused without changes")
    func newerDatabase() throws {
        let path = directory.file("newer.sqlite")
        _ = try LocalStore.openForWriting(path: path)
        let database = try Database(path: path)
        try database.run("INSERT INTO schema_migrations VALUES (9999, '9999_future', 'x', '2030-01-01T00:00:00Z')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            try LocalStore.openForReading(path: path)
        } throws: { error in
            guard case .schema(_, .newerDatabase(let unknown)) = error as? StoreError else { return false }
            return unknown == ["9999_future"]
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("queries get a read-only connection that refuses writes")
    func readOnlyConnection() throws {
        let path = directory.file("ro.sqlite")
        _ = try LocalStore.openForWriting(path: path)
        let reader = try LocalStore.openForReading(path: path)
        #expect(reader.isReadOnly)
        #expect {
            try reader.run("DELETE FROM pokemon")
        } throws: { error in
            (error as? DatabaseError)?.primaryCode == 8  // SQLITE_READONLY
        }
    }

    @Test("an empty file is no pokedex data yet, and a query leaves it empty")
    func emptyFile() throws {
        let path = directory.file("empty.sqlite")
        try Data().write(to: URL(fileURLWithPath: path))
        #expect {
            try LocalStore.openForReading(path: path)
        } throws: { error in
            guard case .noSchema = error as? StoreError else { return false }
            return true
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    /// SQLite files of other programs: tables of their own, or a `schema_migrations` of
    /// another shape (Rails keeps one with a single `version` column).
    static let foreignSchemas = [
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes VALUES (1, 'keep me');",
        "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY); INSERT INTO schema_migrations VALUES ('2024');",
        "CREATE TABLE pokemon (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO pokemon VALUES (25, 'pikachu');",
        """
        CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT);
        CREATE TABLE orders (id INTEGER PRIMARY KEY); INSERT INTO orders VALUES (1);
        """,
    ]

    @Test(
        "another program's SQLite file is refused by syncs and queries, left byte-for-byte intact",
        arguments: foreignSchemas)
    func foreignFile(schema: String) throws {
        let path = directory.file("other.sqlite")
        do {
            let other = try Database(path: path)
            try other.execute(schema)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for forWriting in [true, false] {
            #expect {
                _ = forWriting ? try LocalStore.openForWriting(path: path) : try LocalStore.openForReading(path: path)
            } throws: { error in
                guard case .notADatabase(_, let reason) = error as? StoreError else { return false }
                return reason.contains("another program's SQLite file")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "its journal mode was not touched")
    }

    @Test("another program's WAL file with commits still in its -wal: refused, both files byte-for-byte intact")
    func foreignWALFile() throws {
        let original = directory.file("live.sqlite")
        let writer = try Database(path: original)
        try writer.execute(
            """
            PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
            CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes VALUES (1, 'in the log');
            """)
        // Copied while its writer is open: the commits are in the -wal only, as after a crash.
        let path = directory.file("copy.sqlite")
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: original + suffix, toPath: path + suffix)
        }
        writer.close()
        let before = try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(before[1].count > 0)
        #expect {
            _ = try LocalStore.openForWriting(path: path)
        } throws: { error in
            guard case .notADatabase(_, let reason) = error as? StoreError else { return false }
            return reason.contains("another program's SQLite file")
        }
        #expect(try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
    }

    @Test("a zero-byte file becomes a pokedex database only through a sync")
    func zeroByteFileForSync() throws {
        let path = directory.file("zero.sqlite")
        try Data().write(to: URL(fileURLWithPath: path))
        let database = try LocalStore.openForWriting(path: path)
        #expect(try database.queryFirst("PRAGMA journal_mode") { $0.text(0) } == "wal")
        #expect(try Migrator.embedded().pendingMigrations(in: database).isEmpty)
    }

    @Test("parent directories are created as needed")
    func createsParents() throws {
        let path = directory.file("a/b/c/pokedex.sqlite")
        try DatabaseLocation.createParentDirectory(of: path)
        _ = try LocalStore.openForWriting(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "the path comes from --db, then POKEDEX_DB, then XDG_DATA_HOME, then HOME",
        arguments: [
            ("/x/flag.sqlite", ["POKEDEX_DB": "/x/env.sqlite"], "/x/flag.sqlite"),
            (nil, ["POKEDEX_DB": "/x/env.sqlite", "XDG_DATA_HOME": "/data"], "/x/env.sqlite"),
            (nil, ["XDG_DATA_HOME": "/data", "HOME": "/home/ash"], "/data/pokedex/pokedex.sqlite"),
            (nil, ["XDG_DATA_HOME": "relative", "HOME": "/home/ash"], "/home/ash/.local/share/pokedex/pokedex.sqlite"),
            (nil, ["HOME": "/home/ash"], "/home/ash/.local/share/pokedex/pokedex.sqlite"),
            (nil, [:], nil),
        ] as [(String?, [String: String], String?)])
    func location(flag: String?, environment: [String: String], expected: String?) {
        #expect(DatabaseLocation.resolve(explicit: flag, environment: environment) == expected)
    }
}
