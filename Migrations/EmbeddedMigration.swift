/// One schema migration as compiled into the binary: its file name (`NNNN_verb_noun.sql`),
/// its SQL text and that text's SHA-256 (hex), computed at build time. The list itself, `embeddedMigrations`, is generated at build time
/// from the `.sql` files beside this one.
public struct EmbeddedMigration: Sendable {
    public let fileName: String
    public let sql: String
    public let checksum: String

    public init(fileName: String, sql: String, checksum: String) {
        self.fileName = fileName
        self.sql = sql
        self.checksum = checksum
    }
}
