/// One schema migration as compiled into the binary: its file name (`NNNN_verb_noun.sql`),
/// its SQL text, that text's SHA-256 (hex), and the tables, views, indexes and triggers a
/// database has once this migration and those before it are applied ("table pokemon"), all
/// computed at build time. The list itself, `embeddedMigrations`, is generated at build time
/// from the `.sql` files beside this one, with `embeddedFreshSchema`: the CREATE statements
/// of the schema they leave, which make a new database in one go.
public struct EmbeddedMigration: Sendable {
    public let fileName: String
    public let sql: String
    public let checksum: String
    public let schemaObjects: [String]

    public init(fileName: String, sql: String, checksum: String, schemaObjects: [String]) {
        self.fileName = fileName
        self.sql = sql
        self.checksum = checksum
        self.schemaObjects = schemaObjects
    }
}
