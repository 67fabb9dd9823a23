import CSQLite
import SQLiteDatabase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens the pokedex database: checks that the file is SQLite and its schema this binary's.
/// Only a sync, under the writer lock, creates the file, migrates it and sets it up (WAL);
/// queries open it read-only and never write.
public enum LocalStore {
    /// Refuses, before a sync takes the writer lock and so before anything is created beside
    /// it, what is clearly no SQLite file: not a regular file, or one whose first bytes are not
    /// SQLite's header. Reads only; what it lets through is checked again under the lock.
    public static func refuseOtherThanSQLite(path: String) throws(StoreError) {
        if let kind = FileSystem.otherThanFile(path) {
            throw .notADatabase(path: path, reason: "it is \(kind), not a file")
        }
        // An empty file is a new database to SQLite, and an unreadable one is named under the lock.
        guard let bytes = FileSystem.prefix(of: path, count: sqliteHeader.count), !bytes.isEmpty,
            !sqliteHeader.starts(with: bytes)
        else { return }
        throw .notADatabase(path: path, reason: "it does not start with SQLite's header")
    }

    /// How every SQLite 3 database file starts.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Opens for sync, creating the file if needed, and applies pending migrations, then
    /// `upkeep`: the stores' data migrations that SQL cannot do. Call it only under the writer
    /// lock (`WriterLock`): migrations must have one writer.
    public static func openForWriting(
        path: String, upkeep: (Database) throws -> Void = { _ in }
    ) throws(StoreError) -> Database {
        // Another program's file, or a damaged one, is refused before anything in it changes
        // (journal mode included): told apart on a read-only connection, which cannot roll
        // back its journal or checkpoint its log either.
        var recognised = false
        if FileSystem.exists(path), !FileSystem.isDirectory(path), FileSystem.size(path) > 0 {
            do throws(StoreError) {
                try leavingNoLogFilesIfRefused(path, holdingWriterLock: true) { () throws(StoreError) in
                    let probe = try open(path: path, mode: .readOnly)
                    defer { probe.close() }
                    try refuseDamage(probe, contents: try recognise(probe, path: path), path: path)
                }
                recognised = true
            } catch .interruptedWrite {
                // A writer killed mid-write: SQLite's own recovery (rolling back the hot journal,
                // rebuilding the WAL index) needs a connection that may write, and restores the
                // last committed state; the file is told apart on that connection, before
                // anything of pokedex's touches it.
            }
        }
        let database = try open(path: path, mode: .readWriteCreate)
        if !recognised, FileSystem.size(path) > 0 {
            do throws(StoreError) {
                try refuseDamage(database, contents: try recognise(database, path: path), path: path)
            } catch {
                database.close()
                throw error
            }
        }
        do {
            let journalMode = try database.queryFirst("PRAGMA journal_mode") { $0.text(0) }
            if journalMode != "wal" {
                // Detail bodies are ~100 KB: larger pages mean fewer overflow pages to chain.
                try database.execute("PRAGMA page_size = 16384")
                _ = try database.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) }
            }
            // Readers that may not create files beside the database need these two.
            try database.keepWriteAheadLogFiles()
            // Any size limit makes the last close truncate the kept log to zero bytes, and
            // bounds what it keeps between checkpoints while a sync runs.
            _ = try database.queryFirst("PRAGMA journal_size_limit = 67108864") { $0.int(0) }
            // In WAL mode NORMAL never corrupts the database; a power cut may only lose the
            // last commits, which the next sync downloads again.
            try database.execute("PRAGMA synchronous = NORMAL")
            try Migrator.embedded().migrate(database)
            try upkeep(database)
            try PendingBodyCompression.run(database)
            // Statement journals (a copy of each page a statement changes, kept until it ends)
            // in memory, not in files: in files a whole-dex sync wrote many times the
            // database's size in them. Set after the one-time VACUUM above (in
            // `PendingBodyCompression`), whose copy of the whole database stays in a file.
            try database.execute("PRAGMA temp_store = MEMORY")
        } catch let error as MigrationError {
            throw .schema(path: path, error)
        } catch {
            throw classify(error, path: path)
        }
        return database
    }

    /// Closes a writer's connection with every commit in the main file and the `-wal` cut to
    /// zero bytes, which SQLite does at the last connection's close only: with `serve` or a
    /// query holding the file open, a copy of the file alone would miss the writer's commits.
    /// A reader still in its transaction is waited for as long as the busy timeout.
    public static func closeWriter(_ database: Database) {
        _ = try? database.queryFirst("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) }
        database.close()
    }

    /// Opens for queries, read-only: a missing file is `StoreError.noDatabase`, not a new
    /// empty file, and a schema that needs migrating is refused (`needsUpgrade`).
    public static func openForReading(path: String) throws(StoreError) -> Database {
        guard FileSystem.exists(path) else { throw .noDatabase(path: path) }
        return try leavingNoLogFilesIfRefused(path, holdingWriterLock: false) { () throws(StoreError) in
            try openRecognised(path: path)
        }
    }

    private static func openRecognised(path: String) throws(StoreError) -> Database {
        let database: Database
        do throws(StoreError) {
            database = try open(path: path, mode: .readOnly)
        } catch .cannotOpen(_, let reason) where !FileSystem.exists(path + "-wal") {
            // A WAL database read-only needs its -shm and -wal, which a reader in a directory
            // it may not write cannot create. With no -wal every commit is in the main file,
            // so it can be read as it stands, without SQLite's locks: not while a sync writes
            // (its checkpoints rewrite that file), and a sync that starts during the query may
            // make it fail (run it again).
            if let holder = WriterLock.holder(forDatabase: path) {
                throw .lockedWithoutLogFiles(path: path, holder: holder)
            }
            guard let readable = try? open(path: path, mode: .immutable) else {
                throw .cannotOpen(path: path, reason: reason)
            }
            database = readable
        }
        switch try recognise(database, path: path) {
        case .empty: throw .noSchema(path: path)
        case .pokedex(let pending) where !pending.isEmpty:
            throw .needsUpgrade(path: path, pending: pending.map(\.name))
        case .pokedex: break
        }
        return database
    }

    /// Runs `open`, and when it refuses the file as not pokedex's or damaged, removes the `-wal`
    /// and `-shm` that opening it made (SQLite makes both to read a WAL file, the log empty): a
    /// refused file is left beside nothing it did not have.
    private static func leavingNoLogFilesIfRefused<Result>(
        _ path: String, holdingWriterLock: Bool, _ open: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let hadLog = FileSystem.exists(path + "-wal"), hadIndex = FileSystem.exists(path + "-shm")
        do {
            return try open()
        } catch {
            switch error {
            case .notADatabase, .damagedSchema, .schema: break
            // Pokedex's own file (older, being made, or left mid-write): its log is its.
            default: throw error
            }
            // A sync at work on the path may have made them meanwhile, and be using them.
            guard holdingWriterLock || WriterLock.holder(forDatabase: path) == nil else { throw error }
            if !hadLog, FileSystem.exists(path + "-wal"), FileSystem.size(path + "-wal") == 0 { unlink(path + "-wal") }
            if !hadIndex { unlink(path + "-shm") }
            throw error
        }
    }

    /// Refuses a pokedex database lacking tables, views, indexes or triggers its applied
    /// migrations made (dropped by hand or by another program), before any migration runs.
    private static func refuseDamage(_ database: Database, contents: Contents, path: String) throws(StoreError) {
        guard case .pokedex(let pending) = contents else { return }
        do {
            let embedded = try Migrator.embedded().migrations
            let applied = embedded.filter { migration in !pending.contains { $0.version == migration.version } }
            guard let newest = applied.last else { return }
            let missing = try Migrator.missingSchemaObjects(upTo: newest, in: database)
            if !missing.isEmpty { throw StoreError.damagedSchema(path: path, missing: missing) }
        } catch let error as StoreError {
            throw error
        } catch let error as MigrationError {
            throw .schema(path: path, error)
        } catch {
            throw classify(error, path: path)
        }
    }

    /// What an opened file holds, as far as pokedex is concerned.
    private enum Contents {
        /// No table at all: a new file, or an empty SQLite file.
        case empty
        /// pokedex's schema, lacking `pending` migrations.
        case pokedex(pending: [Migration])
    }

    /// Tells a pokedex database (or an empty file) from anything else, reading only: a file
    /// with tables of its own and no `schema_migrations` of pokedex's shape is another
    /// program's, and one whose migration records differ from this binary's is refused by
    /// the migrator's checks (a newer pokedex, an edited migration).
    private static func recognise(_ database: Database, path: String) throws(StoreError) -> Contents {
        do {
            let tables = try database.query(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            ) { $0.text(0) }
            guard !tables.isEmpty else { return .empty }
            let bookkeeping = Set(
                try database.query("SELECT name FROM pragma_table_info('schema_migrations')") { $0.text(0) })
            guard bookkeeping.isSuperset(of: ["version", "name", "checksum", "applied_at"]) else {
                throw StoreError.notADatabase(
                    path: path, reason: "it is another program's SQLite file, with tables \(shown(tables))")
            }
            let migrator = try Migrator.embedded()
            let pending = try migrator.pendingMigrations(in: database)
            // A `schema_migrations` of pokedex's shape recording nothing, beside tables of its
            // own, is another program's bookkeeping that happens to look alike.
            if pending.count == migrator.migrations.count, tables != ["schema_migrations"] {
                throw StoreError.notADatabase(
                    path: path, reason: "it is another program's SQLite file, with tables \(shown(tables))")
            }
            return .pokedex(pending: pending)
        } catch let error as StoreError {
            throw error
        } catch let error as MigrationError {
            throw .schema(path: path, error)
        } catch {
            throw classify(error, path: path)
        }
    }

    /// A few of `tables`' names, for a message.
    private static func shown(_ tables: [String]) -> String {
        tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
    }

    /// Opens the file and reads its schema, which is what first touches it: a file that is
    /// not SQLite fails here.
    private static func open(path: String, mode: Database.Mode) throws(StoreError) -> Database {
        if let kind = FileSystem.otherThanFile(path) {
            throw .notADatabase(path: path, reason: "it is \(kind), not a file")
        }
        do {
            let database = try Database(path: path, mode: mode)
            _ = try database.queryFirst("SELECT count(*) FROM sqlite_schema") { $0.int(0) }
            return database
        } catch {
            throw classify(error, path: path)
        }
    }

    private static func classify(_ error: any Error, path: String) -> StoreError {
        guard let error = error as? DatabaseError else {
            return .cannotOpen(path: path, reason: "\(error)")
        }
        if error.needsWriterRecovery { return .interruptedWrite(path: path) }
        switch error.primaryCode {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return .notADatabase(path: path, reason: error.message)
        case SQLITE_BUSY:
            return .lockedByAnotherProgram(path: path)
        default:
            let system = error.systemErrno == 0 ? "" : " (\(String(cString: strerror(error.systemErrno)).lowercased()))"
            return .cannotOpen(path: path, reason: error.message + system)
        }
    }
}
