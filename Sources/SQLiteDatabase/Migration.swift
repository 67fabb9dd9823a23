import MigrationNames
import SHA256Digest

/// A numbered schema change: `NNNN_verb_noun.sql` from `Migrations/`.
public struct Migration: Sendable, Equatable {
    public let version: Int
    public let name: String
    public let sql: String
    /// SHA-256 of the SQL text, recorded when applied so later edits are detected.
    public let checksum: String

    public init(fileName: String, sql: String) throws(MigrationError) {
        try self.init(fileName: fileName, sql: sql, checksum: SHA256.hexDigest(sql.utf8))
    }

    /// A migration whose checksum was computed ahead, as the embedded ones are at build time.
    public init(fileName: String, sql: String, checksum: String) throws(MigrationError) {
        guard let parsed = MigrationFileName(fileName) else { throw .badFileName(fileName) }
        self.version = parsed.version
        self.name = parsed.stem
        self.sql = sql
        self.checksum = checksum
    }
}
