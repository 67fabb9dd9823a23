import Foundation
import LocalDatabase
import LoopbackHTTP
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

/// Queries on a database the user may only read: another user's cron output in a directory
/// they cannot write, as a shared file or a read-only mount would be.
@Suite("Queries on a read-only database")
struct ReadOnlyEndToEndTests {
    let directory: TemporaryDirectory
    /// A directory of its own, made read-only once the sync has written it.
    let folder: String
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        folder = directory.file("shared")
        database = folder + "/pokedex.sqlite"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        // Another user must be able to reach the folder inside the test's private directory.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
    }

    /// Root writes whatever the permissions say, so as root the query runs as `nobody`.
    static let asAnotherUser: [String] =
        getuid() == 0
        ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []

    func query(_ arguments: [String]) throws -> PokedexProcess.Result {
        let command = Self.asAnotherUser + [PokedexProcess.binaryPath, "--db", database] + arguments
        return try PokedexProcess.run(Array(command.dropFirst()), executable: command[0])
    }

    /// Every file in the folder with its bytes: a query must change none and add none. But
    /// the `-shm` is SQLite's shared memory, where a reader that can write it marks what it
    /// reads, and a reader that may create files makes an empty `-wal` and a `-shm` beside a
    /// database that has none: so a missing `-wal` counts as empty, and the `-shm` not at all.
    func folderContents() throws -> [String: Data] {
        var contents: [String: Data] = ["pokedex.sqlite-wal": Data()]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasSuffix("-shm") {
            contents[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return contents
    }

    func syncThenLock() throws {
        try #require(
            Self.asAnotherUser.isEmpty || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "util-linux's setpriv runs the query as another user")
        let api = try FakePokeAPI()
        let sync = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "30"],
            environment: ["POKEAPI_BASE_URL": api.baseURL])
        try #require(sync.status == 0, "\(sync.stderr)")
        api.stop()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder + "/" + name)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
    }

    func unlock() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
    }

    func expectQueriesWork(_ label: String) throws {
        let before = try folderContents()
        let list = try query(["list", "--limit", "50", "--json"])
        #expect(list.status == 0, "\(label): \(list.stderr)")
        #expect(list.stdout.contains("\"pikachu\""), "\(label)")
        let show = try query(["show", "pikachu"])
        #expect(show.status == 0 && show.stdout.contains("pikachu"), "\(label): \(show.stderr)")
        let status = try query(["status", "--json"])
        #expect(status.status == 0, "\(label): \(status.stderr)")
        #expect(try folderContents() == before, "\(label): a query changed or added a file")
    }

    @Test("a sync while another connection holds the file open leaves its commits in the main file, the -wal empty")
    func checkpointedWhileRead() throws {
        let api = try FakePokeAPI()
        defer { api.stop() }
        func sync(_ limit: Int) throws {
            let sync = try PokedexProcess.run(
                ["--db", database, "sync", "--limit", String(limit), "--artwork", "none"],
                environment: ["POKEAPI_BASE_URL": api.baseURL])
            try #require(sync.status == 0, "\(sync.stderr)")
        }
        try sync(3)
        // As `serve` or a query keeps it: SQLite checkpoints at the last connection's close only.
        let reader = try Database(path: database, mode: .readOnly)
        defer { reader.close() }
        #expect(
            try reader.queryFirst("SELECT count(*) FROM pokemon WHERE details_synced_at IS NOT NULL") { $0.int(0) } == 3
        )
        try sync(30)
        let log = try FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int
        #expect(log == 0)
        let copy = directory.file("copied-alone.sqlite")
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        let alone = try Database(path: copy, mode: .immutable)
        defer { alone.close() }
        #expect(
            try alone.queryFirst("SELECT count(*) FROM pokemon WHERE details_synced_at IS NOT NULL") { $0.int(0) } == 30
        )
    }

    @Test("a sync keeps the -wal and -shm a reader needs; queries then read without writing")
    func readOnlyWithLogFiles() throws {
        defer { try? unlock() }
        try syncThenLock()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.contains("pokedex.sqlite-wal") && files.contains("pokedex.sqlite-shm"), "\(files)")
        try expectQueriesWork("with -wal and -shm")
    }

    @Test("without -wal and -shm (copied alone, or an older pokedex's file) queries still read it")
    func readOnlyWithoutLogFiles() throws {
        defer { try? unlock() }
        try syncThenLock()
        try unlock()
        for suffix in ["-wal", "-shm"] { try FileManager.default.removeItem(atPath: database + suffix) }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        try expectQueriesWork("without -wal and -shm")
    }

    @Test("without -wal and -shm, a query does not read alongside a running sync: exit 75, try again")
    func readOnlyWithoutLogFilesDuringSync() async throws {
        defer { try? unlock() }
        try syncThenLock()
        try unlock()
        for suffix in ["-wal", "-shm"] { try FileManager.default.removeItem(atPath: database + suffix) }
        // The sync's own lock file is its to write.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database + ".lock")
        let sync = try await WriterLock.acquire(forDatabase: database, wait: .zero)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        let result = try query(["list"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(
            result.errors.count == 1 && result.errors[0].contains("try again when it has finished"), "\(result.stderr)")
        withExtendedLifetime(sync) {}
    }

    @Test("a database that needs a migration is not migrated by a query: run sync to upgrade it")
    func olderSchema() throws {
        let api = try FakePokeAPI()
        let sync = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "5"],
            environment: ["POKEAPI_BASE_URL": api.baseURL])
        try #require(sync.status == 0, "\(sync.stderr)")
        // As an older pokedex left it: its newest migration not applied yet.
        do {
            let writer = try Database(path: database)
            let newest = try #require(try writer.queryFirst("SELECT max(version) FROM schema_migrations") { $0.int(0) })
            try writer.run("DELETE FROM schema_migrations WHERE version = ?", [.int(newest)])
        }
        let before = try folderContents()
        for arguments in [["list"], ["show", "1"], ["status"], ["issues", "o/r"], ["issue", "o/r#1"]] {
            let result = try PokedexProcess.run(["--db", database] + arguments)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(
                result.errors.count == 1 && result.errors[0].contains("run `pokedex sync` to upgrade it"),
                "\(arguments): \(result.stderr)")
        }
        #expect(try folderContents() == before, "a query migrated or wrote the file")
    }
}
