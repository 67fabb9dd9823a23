import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure reported by SQLite, with the context needed to act on it: the result code,
/// SQLite's own message, and the statement that failed (if any).
public struct DatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
    /// SQLite's extended result code.
    public let code: Int32
    public let message: String
    public let sql: String?
    /// The operating system's errno behind an I/O error (ENOSPC, EFBIG, EACCES…), or 0.
    public let systemErrno: Int32
    /// The database file the connection had open, when the error came from one: messages
    /// about a damaged file name it.
    public var path: String?

    public init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
        self.path = path
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …) without extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    /// The file is not a database or its pages are damaged.
    public var isDamagedFile: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// A table, view, index or column the statement names is missing: the schema is not the
    /// one the program built (a file changed by hand or by another program).
    public var isSchemaDamage: Bool {
        primaryCode == SQLITE_ERROR && (message.hasPrefix("no such table") || message.hasPrefix("no such column"))
    }

    /// A writer stopped mid-write (killed, the machine stopped) left a hot rollback journal or a
    /// WAL index to rebuild, which only a connection that may write can recover
    /// (SQLITE_READONLY_ROLLBACK, SQLITE_READONLY_RECOVERY: macros Swift does not import).
    public var needsWriterRecovery: Bool { code == 776 || code == 264 }

    /// The file may not be written by this user (plain SQLITE_READONLY: its extended codes mean
    /// other things, such as a file moved or deleted while open).
    public var isReadOnly: Bool { code == SQLITE_READONLY }

    /// Another connection held a lock on the file past the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY }

    /// A UNIQUE, PRIMARY KEY, NOT NULL, CHECK or FOREIGN KEY constraint refused a write.
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// A write failed for lack of space: a full disk, or a file-size limit (which SQLite
    /// reports as an I/O error with EFBIG).
    public var isOutOfSpace: Bool {
        primaryCode == SQLITE_FULL || (primaryCode == SQLITE_IOERR && (systemErrno == ENOSPC || systemErrno == EFBIG))
    }

    /// SQLite's code and message, and the errno behind them, without the statement.
    public var summary: String {
        var text = "SQLite error \(code): \(message)"
        if systemErrno != 0 { text += " (errno \(systemErrno): \(String(cString: strerror(systemErrno))))" }
        return text
    }

    public var description: String {
        var text = summary
        if let sql {
            let oneLine = sql.split(whereSeparator: \.isNewline).joined(separator: " ")
            text += " (in: \(oneLine.prefix(160))\(oneLine.count > 160 ? "…" : ""))"
        }
        return text
    }
}
