import BodyCoding
import HTTPServer
import LocalDatabase
import SQLiteDatabase

/// Read-only connections to the database, one per thread answering at a time, each request
/// read in one transaction: it sees one committed state, and a sync committing meanwhile is
/// seen by the next request, without a restart.
public final class StoreReader: Sendable {
    private let connections: ObjectPool<Database, any Error>

    /// Opens one connection now, so that a missing or foreign file is refused at start-up.
    public init(path: String) throws {
        connections = ObjectPool([try LocalStore.openForReading(path: path)]) {
            try LocalStore.openForReading(path: path)
        }
    }

    /// Runs `body` in a read transaction on a connection of the pool.
    func read<Result>(_ body: (Database) throws -> Result) throws -> Result {
        try connections.with { database in try database.readTransaction { try body(database) } }
    }
}
