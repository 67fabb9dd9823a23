/// One schema migration as compiled into the binary: its file name (`NNNN_verb_noun.sql`)
/// and its SQL text. The list itself, `embeddedMigrations`, is generated at build time
/// from the `.sql` files beside this one.
public struct EmbeddedMigration: Sendable {
    public let fileName: String
    public let sql: String

    public init(fileName: String, sql: String) {
        self.fileName = fileName
        self.sql = sql
    }
}
