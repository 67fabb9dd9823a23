import CSQLite

/// SQLite cannot see Swift's string lifetimes, so bound text is copied (SQLITE_TRANSIENT,
/// a C macro Swift cannot import).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement owned by its `Database`'s cache.
public final class Statement {
    let handle: OpaquePointer
    public let sql: String
    private unowned let database: Database

    init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        guard
            sqlite3_prepare_v3(
                database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT),
                &statement, nil) == SQLITE_OK, let statement
        else { throw database.error(sql: sql) }
        self.handle = statement
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func bind(_ parameters: [SQLValue]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard parameters.count == expected else {
            throw DatabaseError(
                code: SQLITE_RANGE,
                message: "\(parameters.count) values bound to \(expected) parameters",
                sql: sql)
        }
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(handle, index)
            case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
            case .real(let number): status = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                var text = text
                status = text.withUTF8 { bindUTF8(UnsafeRawBufferPointer($0), at: index) }
            case .utf8(let bytes):
                status = bytes.withUnsafeBytes { bindUTF8($0, at: index) }
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { buffer in
                    // As for text: an empty buffer may have no base address, and NULL would bind NULL.
                    sqlite3_bind_blob64(
                        handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, UInt64(buffer.count),
                        transient)
                }
            }
            guard status == SQLITE_OK else { throw database.error(sql: sql) }
        }
    }

    /// Binds UTF-8 text by its byte count, not -1: with -1 SQLite would stop at the first
    /// NUL and store a shorter string than the one given.
    private func bindUTF8(_ buffer: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        // An empty buffer may have no base address; SQLite needs a non-null pointer for ''.
        let start = buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
        return sqlite3_bind_text64(
            handle, index, start.assumingMemoryBound(to: CChar.self),
            UInt64(buffer.count), transient, UInt8(SQLITE_UTF8))
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }
}

/// The current row of a statement; valid only inside the closure that receives it.
public struct Row {
    let statement: Statement

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement.handle, column) == SQLITE_NULL
    }

    public func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(statement.handle, column))
    }

    public func optionalInt(_ column: Int32) -> Int? {
        isNull(column) ? nil : int(column)
    }

    public func bool(_ column: Int32) -> Bool { int(column) != 0 }

    public func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement.handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement.handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The column's bytes as stored (TEXT as UTF-8, BLOB as is), without decoding them.
    public func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement.handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement.handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    public func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// Whether the column holds `string`'s UTF-8 bytes exactly (NULL never does), as SQLite
    /// compares text: Swift's `==` takes two spellings of one accented name (composed,
    /// decomposed) for equal. Read in place, without making a String of the column.
    public func hasText(_ column: Int32, equalTo string: String) -> Bool {
        // The text first, then its length, as SQLite documents; no pointer (out of memory) matches nothing.
        guard !isNull(column), let pointer = sqlite3_column_text(statement.handle, column) else { return false }
        let count = Int(sqlite3_column_bytes(statement.handle, column))
        var string = string
        return string.withUTF8 { $0.elementsEqual(UnsafeBufferPointer(start: pointer, count: count)) }
    }
}
