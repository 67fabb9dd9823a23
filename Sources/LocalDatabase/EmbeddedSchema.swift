import Migrations
import SQLiteDatabase

extension Migrator {
    /// The migrations compiled into this binary from `Migrations/`.
    public static func embedded() throws(MigrationError) -> Migrator {
        var migrations: [Migration] = []
        for file in embeddedMigrations {
            migrations.append(try Migration(fileName: file.fileName, sql: file.sql, checksum: file.checksum))
        }
        return try Migrator(migrations: migrations, freshSchema: embeddedFreshSchema)
    }
}

extension Migrator {
    /// The tables, views, indexes and triggers the embedded migrations up to `newest` leave
    /// that `database` lacks ("table pokemon_stat"). The list was made when the binary was
    /// built (MigrationEmbedder applies each migration to an in-memory database): applying
    /// them here on every sync was most of a refresh that changes nothing. Queries,
    /// which must start fast, leave what is gone to SQLite's own "no such table".
    public static func missingSchemaObjects(upTo newest: Migration, in database: Database) throws -> [String] {
        guard let embedded = embeddedMigrations.first(where: { $0.fileName == newest.name + ".sql" }) else {
            return []
        }
        let sql = "SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        let present = Set(try database.query(sql) { $0.text(0) })
        return embedded.schemaObjects.filter { !present.contains($0) }
    }
}
