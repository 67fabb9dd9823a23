import CSQLite

/// Why the local database could not be used. None of these writes to the file.
public enum StoreError: Error, CustomStringConvertible {
    /// Queries never create a database: there is nothing to read until a sync ran.
    case noDatabase(path: String)
    /// The path exists but is not a SQLite database (or is damaged).
    case notADatabase(path: String, reason: String)
    /// The file or its directory cannot be opened, created or written.
    case cannotOpen(path: String, reason: String)
    case schema(path: String, MigrationError)
    /// Another sync is writing this database.
    case locked(path: String, holder: String)

    public var description: String {
        switch self {
        case .noDatabase(let path):
            return "no local data yet (\(path) does not exist): run `pokedex sync` first"
        case .notADatabase(let path, let reason):
            return "\(path) is not a pokedex database (\(reason)); it was left untouched"
        case .cannotOpen(let path, let reason):
            return "cannot open database \(path): \(reason)"
        case .schema(let path, let error):
            return "\(path): \(error)"
        case .locked(let path, let holder):
            return "another pokedex sync is writing \(path) (\(holder)); try again later, or pass --wait SECONDS"
        }
    }
}

/// Opens the pokedex database: checks that the file is SQLite, applies pending migrations
/// and sets the connection up (WAL, foreign keys).
public enum LocalStore {
    /// Opens for sync, creating the file if needed.
    public static func openForWriting(path: String) throws(StoreError) -> Database {
        try open(path: path, mode: .readWriteCreate)
    }

    /// Opens for queries; a missing file is `StoreError.noDatabase`, not a new empty file.
    public static func openForReading(path: String) throws(StoreError) -> Database {
        guard FileSystem.exists(path) else { throw .noDatabase(path: path) }
        return try open(path: path, mode: .readWrite)
    }

    private static func open(path: String, mode: Database.Mode) throws(StoreError) -> Database {
        if FileSystem.isDirectory(path) {
            throw .cannotOpen(path: path, reason: "it is a directory")
        }
        let database: Database
        do {
            database = try Database(path: path, mode: mode)
            // Reading the schema is what first touches the file: a non-SQLite file fails here.
            _ = try database.queryFirst("SELECT count(*) FROM sqlite_schema") { $0.int(0) }
        } catch {
            throw classify(error, path: path)
        }
        do {
            let migrator = try Migrator.embedded()
            let journalMode = try database.queryFirst("PRAGMA journal_mode") { $0.text(0) }
            if journalMode != "wal" {
                // Detail bodies are ~100 KB: larger pages mean fewer overflow pages to chain.
                try database.execute("PRAGMA page_size = 16384")
                _ = try database.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) }
            }
            // In WAL mode NORMAL never corrupts the database; a power cut may only lose the
            // last commits, which the next sync downloads again.
            try database.execute("PRAGMA synchronous = NORMAL")
            try migrator.migrate(database)
        } catch let error as MigrationError {
            throw .schema(path: path, error)
        } catch {
            throw classify(error, path: path)
        }
        return database
    }

    private static func classify(_ error: any Error, path: String) -> StoreError {
        guard let error = error as? DatabaseError else {
            return .cannotOpen(path: path, reason: "\(error)")
        }
        switch error.primaryCode {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return .notADatabase(path: path, reason: error.message)
        default:
            return .cannotOpen(path: path, reason: error.message)
        }
    }
}
