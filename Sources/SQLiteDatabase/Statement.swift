import CSQLite

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

    /// Throws unless the statement takes `count` parameters.
    private func expect(parameters count: Int) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard count == expected else {
            throw DatabaseError(
                code: SQLITE_RANGE, message: "\(count) values bound to \(expected) parameters", sql: sql)
        }
    }

    /// Binds integers to the parameters in order; nil binds NULL.
    func bind(integers: ArraySlice<Int?>) throws {
        try expect(parameters: integers.count)
        for (offset, value) in integers.enumerated() {
            let index = Int32(offset + 1)
            let status = value.map { sqlite3_bind_int64(handle, index, Int64($0)) } ?? sqlite3_bind_null(handle, index)
            guard status == SQLITE_OK else { throw database.error(sql: sql) }
        }
    }

    func bind(_ parameters: some Collection<SQLValue>) throws {
        try expect(parameters: parameters.count)
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
/// SQLite cannot see Swift's string lifetimes, so bound text is copied (SQLITE_TRANSIENT,
/// a C macro Swift cannot import).
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
