import CSQLite
import SQLiteDatabase

/// Why the local database could not be used. None of these writes to the file.
public enum StoreError: Error, CustomStringConvertible {
    /// Queries never create a database: there is nothing to read until a sync ran.
    case noDatabase(path: String)
    /// The path exists but is not a SQLite database (or is damaged).
    case notADatabase(path: String, reason: String)
    /// The file or its directory cannot be opened, created or written.
    case cannotOpen(path: String, reason: String)
    /// The writer lock's file beside the database cannot be a lock (a link, a directory, a
    /// FIFO) or cannot be opened.
    case unusableLock(path: String, reason: String)
    case schema(path: String, MigrationError)
    /// The file's schema is older than this binary's: only a sync (the one writer) may
    /// upgrade it, so a query refuses rather than read tables that may have changed.
    case needsUpgrade(path: String, pending: [String])
    /// The file has no pokedex schema at all (an empty SQLite file).
    case noSchema(path: String)
    /// Tables, views, indexes or triggers of pokedex's schema are gone (dropped by hand or by
    /// another program).
    case damagedSchema(path: String, missing: [String])
    /// Another sync holds the writer lock, and still did after `waited` (`--wait`; zero without).
    case locked(path: String, holder: String, waited: Duration)
    /// A sync is writing a database whose -wal and -shm this reader can neither find nor
    /// create, so it cannot read alongside.
    case lockedWithoutLogFiles(path: String, holder: String)
    /// Another program (a sqlite3 shell, Datasette, a backup) held a lock on the file past
    /// SQLite's busy timeout.
    case lockedByAnotherProgram(path: String)
    /// A sync was stopped mid-write (killed, or the machine stopped) and left what only the
    /// next sync, which may write, can recover; until then the file cannot be read.
    case interruptedWrite(path: String)

    public var description: String {
        switch self {
        case .noDatabase(let path):
            return "no local data yet (\(path) does not exist): run `pokedex sync` first"
        case .notADatabase(let path, let reason):
            return "\(path) is not a pokedex database (\(reason)); it was left untouched"
        case .cannotOpen(let path, let reason):
            return "cannot open database \(path): \(reason)"
        case .unusableLock(let path, let reason):
            return "cannot take the writer lock \(path): \(reason); nothing was written"
        case .interruptedWrite(let path):
            return "\(path) was left mid-write by a sync that was stopped (killed, or the machine stopped): "
                + "the next `pokedex sync` recovers it, and nothing it committed is lost"
        case .schema(let path, let error):
            return "\(path): \(error)"
        case .needsUpgrade(let path, let pending):
            return "\(path) was written by an older pokedex (missing migrations: "
                + pending.joined(separator: ", ") + "): run `pokedex sync` to upgrade it; it was left untouched"
        case .noSchema(let path):
            return "no local data yet (\(path) holds no pokedex tables): run `pokedex sync` first"
        case .damagedSchema(let path, let missing):
            return "\(path) is damaged: pokedex's " + missing.joined(separator: ", ")
                + " missing (dropped by hand or by another program); pokedex does not repair it: move it away "
                + "and sync again"
        case .lockedWithoutLogFiles(let path, let holder):
            return "a sync is writing \(path) (\(holder)), and its -wal and -shm files, which reading alongside "
                + "needs, are missing and cannot be created here; try again when it has finished"
        case .locked(let path, let holder, let waited) where waited > .zero:
            return "another pokedex sync is writing \(path) (\(holder)), still after waiting "
                + "\(waited.components.seconds) s; try again later, or wait longer with --wait SECONDS"
        case .lockedByAnotherProgram(let path):
            return "\(path) is locked by another program, for longer than "
                + "\(Database.busyTimeoutMilliseconds / 1000) s; nothing was changed: try again later"
        case .locked(let path, let holder, _):
            return "another pokedex sync is writing \(path) (\(holder)); try again later, or pass --wait SECONDS"
        }
    }
}
