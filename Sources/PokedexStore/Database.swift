import CSQLite

/// A value bound to a statement parameter. Values are always bound, never spliced into SQL.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// UTF-8 text already in bytes (an HTTP body, say), stored as TEXT without a copy to String.
    case utf8(ArraySlice<UInt8>)
}

extension SQLValue {
    public static func int(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    public static func string(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
    public static func bool(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }
}

/// One connection to a SQLite database file. Not thread-safe: use it from one task at a
/// time. Prepared statements are cached per SQL text for the connection's lifetime.
public final class Database {
    public let path: String
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// How long a statement waits for another connection's write lock before failing.
    public static let busyTimeoutMilliseconds: Int32 = 5_000

    public enum Mode: Sendable {
        case readWriteCreate
        case readWrite
    }

    public init(path: String, mode: Mode = .readWriteCreate) throws {
        self.path = path
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if mode == .readWriteCreate { flags |= SQLITE_OPEN_CREATE }
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) }
                ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(connection)
            throw DatabaseError(code: status, message: "cannot open \(path): \(message)")
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters (schema scripts, pragmas).
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if status != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw DatabaseError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// A cached prepared statement for `sql`, reset and with no bindings.
    public func prepare(_ sql: String) throws -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs a statement that returns no rows, binding `parameters` in order.
    public func run(_ sql: String, _ parameters: [SQLValue] = []) throws {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        while try statement.step() {}
    }

    /// Runs a query, binding `parameters` in order, and maps each row.
    public func query<Result>(
        _ sql: String, _ parameters: [SQLValue] = [], row transform: (Row) throws -> Result
    ) throws -> [Result] {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        var results: [Result] = []
        while try statement.step() {
            results.append(try transform(Row(statement: statement)))
        }
        return results
    }

    /// The first row of a query, mapped, or nil when it returns none.
    public func queryFirst<Result>(
        _ sql: String, _ parameters: [SQLValue] = [], row transform: (Row) throws -> Result
    ) throws -> Result? {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        defer { statement.reset() }
        return try statement.step() ? transform(Row(statement: statement)) : nil
    }

    /// Runs `body` in a write transaction taken up front (`BEGIN IMMEDIATE`), so it never
    /// fails half-way for lack of the write lock. Commits on return, rolls back on throw.
    public func writeTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in a read transaction: every query inside sees one consistent snapshot.
    public func readTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func error(sql: String?) -> DatabaseError {
        DatabaseError(code: sqlite3_extended_errcode(handle), message: lastErrorMessage, sql: sql,
                      systemErrno: sqlite3_system_errno(handle))
    }
}
