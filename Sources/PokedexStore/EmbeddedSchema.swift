import Migrations
import SQLiteDatabase

extension Migrator {
    /// The migrations compiled into this binary from `Migrations/`.
    public static func embedded() throws(MigrationError) -> Migrator {
        var migrations: [Migration] = []
        for file in embeddedMigrations {
            migrations.append(try Migration(fileName: file.fileName, sql: file.sql, checksum: file.checksum))
        }
        return try Migrator(migrations: migrations)
    }
}

extension Migrator {
    /// The tables, views, indexes and triggers these migrations create that `database` lacks
    /// ("table pokemon_stat"). Only a sync asks, once per run: it builds the schema afresh
    /// in memory to compare (≈ms), which queries, which must start fast, leave to SQLite's
    /// own "no such table" when they read what is gone.
    public func missingSchemaObjects(in database: Database) throws -> [String] {
        let reference = try Database(path: ":memory:")
        defer { reference.close() }
        try migrate(reference)
        let sql = "SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        let present = Set(try database.query(sql) { $0.text(0) })
        return try reference.query(sql + " ORDER BY type, name") { $0.text(0) }.filter { !present.contains($0) }
    }
}
