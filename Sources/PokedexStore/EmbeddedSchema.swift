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
