import CSQLite

/// One connection to a SQLite database file. Not thread-safe: use it from one task at a
/// time. Prepared statements are cached per SQL text for the connection's lifetime.
public final class Database {
    public let path: String
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    /// The names `defineFunction` defined on this connection.
    public internal(set) var functionNames: Set<String> = []
    public private(set) var isClosed = false

    /// How long a statement waits for another connection's write lock before failing.
    public static let busyTimeoutMilliseconds: Int32 = 5_000

    public enum Mode: Sendable {
        case readWriteCreate
        case readWrite
        /// SQLite refuses every write on the connection, so a query cannot change the file
        /// whatever it runs.
        case readOnly
        /// Read-only, and the file is promised not to change while open (SQLite's
        /// `immutable`): no locks and no `-shm`, for files nothing else may write.
        case immutable
    }

    /// Process-wide settings, applied before the first connection opens (SQLite refuses them
    /// afterwards, harmlessly: they only make it faster).
    private static let configured: Void = { _ = pokedex_sqlite3_disable_memory_statistics() }()

    public init(path: String, mode: Mode = .readWriteCreate) throws {
        Self.configured
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX
        var name = path
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = Self.fileURI(path) + "?immutable=1"
        }
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(name, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message =
                connection.map { String(cString: sqlite3_errmsg($0)) }
                ?? String(cString: sqlite3_errstr(status))
            // Why the system refused (EACCES: "permission denied"), which SQLite's message leaves out.
            let systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(connection)
            throw DatabaseError(code: status, message: message, systemErrno: systemErrno, path: path)
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit { close() }

    /// Closes the connection now: the last writer's close checkpoints the WAL into the
    /// database file, which must not wait for whichever thread drops the last reference.
    /// Any use afterwards throws `SQLITE_MISUSE`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func checkOpen(_ sql: String) throws {
        guard !isClosed else { throw DatabaseError(code: SQLITE_MISUSE, message: "the connection is closed", sql: sql) }
    }

    /// A `file:` URI for `path`, with the characters URIs reserve percent-encoded. An absolute
    /// path gets an empty authority (`file:///…`), so that one starting with `//` is not read
    /// as a host name.
    private static func fileURI(_ path: String) -> String {
        var uri = path.hasPrefix("/") ? "file://" : "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(hex[Int(byte >> 4)])
                uri.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return uri
    }

    /// Keeps the `-wal` and `-shm` files when the last connection closes (truncated, not
    /// deleted): a reader that may not create files beside the database (a read-only
    /// directory, another user's file) can open a WAL database only while they exist.
    public func keepWriteAheadLogFiles() throws {
        try checkOpen("PRAGMA persist_wal")
        var persist: Int32 = 1
        let status = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        guard status == SQLITE_OK else { throw error(sql: nil) }
    }

    /// Whether SQLite refuses writes on this connection (a closed one writes nothing either).
    public var isReadOnly: Bool { isClosed || sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs `body` with foreign key enforcement off, as SQLite's ALTER TABLE recipe needs:
    /// dropping a table that is being rebuilt must not cascade to its children. SQLite ignores
    /// the pragma inside a transaction, which would let that cascade happen silently: so an
    /// open transaction is refused, and both switches are read back. Enforcement left off
    /// afterwards would let later deletes leave orphans, so failing to restore it throws
    /// (in place of `body`'s own error, as the more dangerous state).
    public func withForeignKeysDisabled<Result>(_ body: () throws -> Result) throws -> Result {
        guard try foreignKeysEnforced else { return try body() }
        try setForeignKeys(on: false)
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(try body())
        } catch {
            result = .failure(error)
        }
        try setForeignKeys(on: true)
        return try result.get()
    }

    /// Whether SQLite checks this connection's writes against their foreign keys.
    public var foreignKeysEnforced: Bool {
        get throws { try queryFirst("PRAGMA foreign_keys") { $0.int(0) } == 1 }
    }

    /// Turns foreign key enforcement on or off, read back. Refused inside a transaction,
    /// where SQLite would ignore it silently.
    public func setForeignKeys(on: Bool) throws {
        guard sqlite3_get_autocommit(handle) != 0 else {
            throw DatabaseError(code: SQLITE_MISUSE, message: "foreign keys cannot be switched inside a transaction")
        }
        let sql = on ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF"
        try execute(sql)
        guard try foreignKeysEnforced == on else {
            throw DatabaseError(
                code: SQLITE_MISUSE, message: "SQLite did not apply \(sql) (a transaction is open)", sql: sql)
        }
    }

    /// Runs one or more statements that take no parameters (schema scripts, pragmas).
    public func execute(_ sql: String) throws {
        try checkOpen(sql)
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if status != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw DatabaseError(code: sqlite3_extended_errcode(handle), message: message, sql: sql, path: path)
        }
    }

    /// A cached prepared statement for `sql`, reset and with no bindings.
    public func prepare(_ sql: String) throws -> Statement {
        try checkOpen(sql)
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

    /// Runs `sql` once for each row index below `rows`, binding what `parameters` makes of it:
    /// prepared and looked up once, where a `run` per row would hash the SQL text every time.
    /// (Not generic over a sequence: unspecialized across modules, that cost as much again.)
    public func run(_ sql: String, rows: Int, _ parameters: (_ row: Int) throws -> [SQLValue]) throws {
        let statement = try prepare(sql)
        for row in 0..<rows {
            statement.reset()
            try statement.bind(parameters(row))
            while try statement.step() {}
        }
    }

    /// Runs `insert` (an INSERT up to its `VALUES`) for the rows of `values`, `columns`
    /// integers a row one after another (nil binds NULL), many rows a statement: for many rows
    /// of integers without an array of values built for each (a whole dex's 638,321 learnset
    /// rows), and without a statement's start and end for each.
    public func insert(_ insert: String, integerRows values: [Int?], columns: Int) throws {
        try self.insert(insert, count: values.count, columns: columns) { statement, range in
            try statement.bind(integers: values[range])
        }
    }

    /// ``insert(_:integerRows:columns:)`` for rows of any values, `columns` a row one after
    /// another (a Pokémon's encounters).
    public func insert(_ insert: String, rows values: [SQLValue], columns: Int) throws {
        try self.insert(insert, count: values.count, columns: columns) { statement, range in
            try statement.bind(values[range])
        }
    }

    private func insert(
        _ insert: String, count: Int, columns: Int, bind: (Statement, Range<Int>) throws -> Void
    ) throws {
        precondition(columns > 0, "a row has at least one column")
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        // A short last row is refused before any row runs.
        guard count % columns == 0 else {
            throw DatabaseError(
                code: SQLITE_RANGE, message: "\(count) values are not rows of \(columns)", sql: "\(insert) \(row)")
        }
        let rowsPerStatement = 32
        var start = 0
        for rows in [rowsPerStatement, 1] {
            let width = rows * columns
            guard count - start >= width else { continue }
            let statement = try prepare(insert + " " + Array(repeating: row, count: rows).joined(separator: ", "))
            while count - start >= width {
                statement.reset()
                try bind(statement, start..<start + width)
                while try statement.step() {}
                start += width
            }
        }
    }

    /// Rows the last INSERT, UPDATE or DELETE changed itself (not those of triggers or cascades).
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the row the last successful INSERT on this connection added.
    public var lastInsertedRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

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
    /// Inside another transaction it joins that one, so reads compose into one snapshot.
    public func readTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func error(sql: String?) -> DatabaseError {
        DatabaseError(
            code: sqlite3_extended_errcode(handle), message: lastErrorMessage, sql: sql,
            systemErrno: sqlite3_system_errno(handle), path: path)
    }
}
