import MigrationNames
import SHA256Digest

/// Applies pending migrations in order, all in one transaction, each together with its
/// record in `schema_migrations`, and refuses databases it cannot safely continue.
public struct Migrator: Sendable {
    public let migrations: [Migration]
    /// The CREATE statements of the schema all `migrations` leave, made when the binary was
    /// built: an empty database gets them in one go, not each migration in turn. Replaying
    /// every migration, each DDL statement making SQLite parse the whole schema again, was a
    /// large share of a new database's first sync.
    public let freshSchema: [String]?

    public init(migrations: [Migration], freshSchema: [String]? = nil) throws(MigrationError) {
        let ordered = migrations.sorted { $0.version < $1.version }
        for (previous, next) in zip(ordered, ordered.dropFirst()) where previous.version == next.version {
            throw .duplicateVersion(next.version)
        }
        self.migrations = ordered
        self.freshSchema = freshSchema
    }

    /// The version of the newest migration this binary knows.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    private static let createBookkeeping = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            checksum   TEXT NOT NULL,
            applied_at TEXT NOT NULL
        ) STRICT
        """

    /// Brings `database` up to date and returns the names of the migrations applied now.
    /// Validation reads only, so an up-to-date database is never locked for writing.
    ///
    /// Foreign keys are off while migrations run (a table rebuilt by SQLite's ALTER TABLE
    /// recipe would otherwise cascade-delete its children when the old one is dropped);
    /// each migration's `foreign_key_check` keeps them sound: a migration that leaves
    /// violations the database did not have before it rolls back every pending one.
    @discardableResult
    public func migrate(_ database: Database) throws -> [String] {
        let pending = try pendingMigrations(in: database)
        guard !pending.isEmpty else { return [] }
        // One transaction for all of them: a reader (which refuses a schema it would have to
        // migrate) sees the database as it was or as it is now, never half-way.
        return try database.withForeignKeysDisabled {
            try database.writeTransaction {
                if let freshSchema, pending.count == migrations.count, try Self.isEmpty(database) {
                    return try create(freshSchema, in: database)
                }
                var appliedNow: [String] = []
                for migration in pending where try apply(migration, to: database) {
                    appliedNow.append(migration.name)
                }
                return appliedNow
            }
        }
    }

    /// The migrations `database` lacks, in order, after checking that those it has are
    /// this binary's own. Only reads: a read-only connection can tell whether it may go on.
    public func pendingMigrations(in database: Database) throws -> [Migration] {
        let applied = try appliedMigrations(database)
        try validate(applied: applied)
        return migrations.filter { applied[$0.version] == nil }
    }

    /// Applies one migration, inside the transaction of all, unless a concurrent process got
    /// there first.
    private func apply(_ migration: Migration, to database: Database) throws -> Bool {
        do {
            try database.execute(Self.createBookkeeping)
            let alreadyApplied = try database.queryFirst(
                "SELECT checksum FROM schema_migrations WHERE version = ?",
                [.integer(Int64(migration.version))]
            ) { $0.text(0) }
            if let alreadyApplied {
                guard alreadyApplied == migration.checksum else {
                    throw MigrationError.checksumMismatch(
                        name: migration.name, recorded: alreadyApplied, embedded: migration.checksum)
                }
                return false
            }
            let violationsBefore = try Self.foreignKeyViolations(database)
            do {
                try database.execute(migration.sql)
            } catch let error as DatabaseError {
                throw MigrationError.failed(name: migration.name, error: error)
            }
            let added = try Self.foreignKeyViolations(database).reduce(0) { added, entry in
                added + max(0, entry.value - (violationsBefore[entry.key] ?? 0))
            }
            guard added == 0 else {
                throw MigrationError.foreignKeyViolations(name: migration.name, count: added)
            }
            try record(migration, in: database)
            return true
        }
    }

    /// Whether `database` has no schema at all (a new file), read inside the write
    /// transaction, so no concurrent sync can be creating it meanwhile.
    private static func isEmpty(_ database: Database) throws -> Bool {
        try database.queryFirst("SELECT count(*) FROM sqlite_schema") { $0.int(0) } == 0
    }

    /// Makes the schema of every migration in an empty database and records them all applied.
    private func create(_ freshSchema: [String], in database: Database) throws -> [String] {
        do {
            for statement in freshSchema { try database.execute(statement) }
        } catch let error as DatabaseError {
            // Read as "migration 0001_… to 0017_…, made in one go, failed and was rolled back".
            let range = "\(migrations.first?.name ?? "") to \(migrations.last?.name ?? "")"
            throw MigrationError.failed(name: "\(range), made in one go,", error: error)
        }
        try database.execute(Self.createBookkeeping)
        for migration in migrations { try record(migration, in: database) }
        return migrations.map(\.name)
    }

    private func record(_ migration: Migration, in database: Database) throws {
        try database.run(
            """
            INSERT INTO schema_migrations (version, name, checksum, applied_at)
            VALUES (?, ?, ?, \(SQLTimestamp.now))
            """,
            [.integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum)])
    }

    /// Foreign key violations by child table, parent table and constraint, counted: rows of
    /// WITHOUT ROWID tables have no rowid to tell them apart.
    private static func foreignKeyViolations(_ database: Database) throws -> [String: Int] {
        let keys = try database.query("PRAGMA foreign_key_check") { "\($0.text(0)) → \($0.text(2)) #\($0.int(3))" }
        return keys.reduce(into: [:]) { counts, key in counts[key, default: 0] += 1 }
    }

    private struct AppliedMigration {
        let name: String
        let checksum: String
    }

    private func appliedMigrations(_ database: Database) throws -> [Int: AppliedMigration] {
        try database.readTransaction {
            let hasTable =
                try database.queryFirst(
                    "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'"
                ) { _ in true } ?? false
            guard hasTable else { return [:] }
            let rows = try database.query("SELECT version, name, checksum FROM schema_migrations") {
                ($0.int(0), AppliedMigration(name: $0.text(1), checksum: $0.text(2)))
            }
            return Dictionary(rows, uniquingKeysWith: { first, _ in first })
        }
    }

    private func validate(applied: [Int: AppliedMigration]) throws(MigrationError) {
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        let unknown = applied.filter { known[$0.key] == nil }.sorted { $0.key < $1.key }
        guard unknown.isEmpty else { throw .newerDatabase(unknown: unknown.map(\.value.name)) }
        for (version, record) in applied.sorted(by: { $0.key < $1.key }) {
            let migration = known[version]!
            guard record.checksum == migration.checksum else {
                throw .checksumMismatch(
                    name: migration.name, recorded: record.checksum, embedded: migration.checksum)
            }
        }
    }
}
