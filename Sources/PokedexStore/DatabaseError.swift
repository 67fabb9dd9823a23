import CSQLite

/// A failure reported by SQLite, with the context needed to act on it: the result code,
/// SQLite's own message, and the statement that failed (if any).
public struct DatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
    /// SQLite's extended result code.
    public let code: Int32
    public let message: String
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …) without extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    /// The file is not a database or its pages are damaged.
    public var isDamagedFile: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// A write failed for lack of space (a full disk, or a file-size limit).
    public var isOutOfSpace: Bool { primaryCode == SQLITE_FULL }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql {
            let oneLine = sql.split(whereSeparator: \.isNewline).joined(separator: " ")
            text += " (in: \(oneLine.prefix(160))\(oneLine.count > 160 ? "…" : ""))"
        }
        return text
    }
}
