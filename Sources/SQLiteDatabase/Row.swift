import CSQLite

/// The current row of a statement; valid only inside the closure that receives it.
public struct Row {
    let statement: Statement

    /// How many columns the statement's rows have.
    public var columnCount: Int32 { sqlite3_column_count(statement.handle) }

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
