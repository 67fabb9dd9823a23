import SQLiteDatabase
import TestSupport
import Testing

@Suite("Migration runner")
struct MigratorTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    static func migration(_ fileName: String, _ sql: String) throws -> Migration {
        try Migration(fileName: fileName, sql: sql)
    }

    static let first = try! migration(
        "0001_create_widget.sql", "CREATE TABLE widget (id INTEGER PRIMARY KEY, name TEXT);")
    static let second = try! migration("0002_add_colour.sql", "ALTER TABLE widget ADD COLUMN colour TEXT;")

    func tables(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { $0.text(0) }
    }

    func records(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM schema_migrations ORDER BY version") { $0.text(0) }
    }

    @Test("applies pending migrations in order and records name, checksum and time")
    func appliesInOrder() throws {
        let database = try Database(path: directory.file("a.sqlite"))
        let applied = try Migrator(migrations: [Self.second, Self.first]).migrate(database)
        #expect(applied == ["0001_create_widget", "0002_add_colour"])
        let rows = try database.query("SELECT version, checksum, applied_at FROM schema_migrations ORDER BY version") {
            ($0.int(0), $0.text(1), $0.text(2))
        }
        #expect(rows.map(\.0) == [1, 2])
        #expect(rows[0].1 == Self.first.checksum && rows[0].1.count == 64)
        #expect(rows.allSatisfy { $0.2.hasSuffix("Z") && $0.2.count == 20 })
        try database.run("INSERT INTO widget (name, colour) VALUES ('a', 'red')")
    }

    /// A fresh schema unlike the migrations' own, so the test can tell which way was taken.
    static let freshWidget = ["CREATE TABLE widget (id INTEGER PRIMARY KEY, name TEXT, colour TEXT, fresh INTEGER)"]

    func columns(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM pragma_table_info('widget') ORDER BY cid") { $0.text(0) }
    }

    @Test("an empty database gets the fresh schema in one go, with every migration recorded")
    func freshSchemaForAnEmptyDatabase() throws {
        let database = try Database(path: directory.file("fresh.sqlite"))
        let migrator = try Migrator(migrations: [Self.first, Self.second], freshSchema: Self.freshWidget)
        #expect(try migrator.migrate(database) == ["0001_create_widget", "0002_add_colour"])
        #expect(try columns(database) == ["id", "name", "colour", "fresh"])
        let checksums = try database.query("SELECT checksum FROM schema_migrations ORDER BY version") { $0.text(0) }
        #expect(checksums == [Self.first.checksum, Self.second.checksum])
        #expect(try migrator.migrate(database).isEmpty)
    }

    @Test("a database with anything in it, or with some migrations applied, is migrated step by step")
    func stepByStepOtherwise() throws {
        let withTable = try Database(path: directory.file("own-table.sqlite"))
        try withTable.execute("CREATE TABLE notes (text TEXT)")
        let migrator = try Migrator(migrations: [Self.first, Self.second], freshSchema: Self.freshWidget)
        #expect(try migrator.migrate(withTable).count == 2)
        #expect(try columns(withTable) == ["id", "name", "colour"])
        #expect(try tables(withTable).contains("notes"))

        let partly = try Database(path: directory.file("partly.sqlite"))
        try Migrator(migrations: [Self.first]).migrate(partly)
        #expect(try migrator.migrate(partly) == ["0002_add_colour"])
        #expect(try columns(partly) == ["id", "name", "colour"])
    }

    @Test("a fresh schema that fails leaves the database empty")
    func failingFreshSchema() throws {
        let database = try Database(path: directory.file("failing.sqlite"))
        let migrator = try Migrator(
            migrations: [Self.first, Self.second], freshSchema: Self.freshWidget + ["CREATE TABLE widget (x)"])
        #expect {
            try migrator.migrate(database)
        } throws: { error in
            guard let failure = error as? MigrationError, case .failed = failure else { return false }
            return failure.description.hasPrefix(
                "migration 0001_create_widget to 0002_add_colour, made in one go, failed and was rolled back: ")
        }
        #expect(try tables(database).isEmpty)
    }

    @Test("re-opening an up-to-date database applies nothing")
    func idempotent() throws {
        let path = directory.file("b.sqlite")
        let migrator = try Migrator(migrations: [Self.first, Self.second])
        try migrator.migrate(try Database(path: path))
        let reopened = try Database(path: path)
        #expect(try migrator.migrate(reopened).isEmpty)
        #expect(try records(reopened) == ["0001_create_widget", "0002_add_colour"])
    }

    @Test("only the new migration is applied after an upgrade")
    func upgrade() throws {
        let path = directory.file("c.sqlite")
        try Migrator(migrations: [Self.first]).migrate(try Database(path: path))
        #expect(
            try Migrator(migrations: [Self.first, Self.second]).migrate(try Database(path: path)) == ["0002_add_colour"]
        )
    }

    @Test("an applied migration whose text changed is refused and nothing is written")
    func checksumMismatch() throws {
        let path = directory.file("d.sqlite")
        try Migrator(migrations: [Self.first]).migrate(try Database(path: path))
        let edited = try Self.migration("0001_create_widget.sql", "CREATE TABLE widget (id INTEGER PRIMARY KEY);")
        let database = try Database(path: path)
        #expect {
            try Migrator(migrations: [edited, Self.second]).migrate(database)
        } throws: { error in
            guard case .checksumMismatch(let name, _, _) = error as? MigrationError else { return false }
            return name == "0001_create_widget"
        }
        #expect(try records(database) == ["0001_create_widget"], "0002 must not be applied after a refusal")
    }

    @Test("a database with migrations this binary does not know is refused")
    func newerDatabase() throws {
        let path = directory.file("e.sqlite")
        try Migrator(migrations: [Self.first, Self.second]).migrate(try Database(path: path))
        let database = try Database(path: path)
        #expect(throws: MigrationError.newerDatabase(unknown: ["0002_add_colour"])) {
            try Migrator(migrations: [Self.first]).migrate(database)
        }
        #expect(MigrationError.newerDatabase(unknown: ["0002_add_colour"]).description.contains("newer pokedex"))
    }

    @Test("a failing migration leaves nothing half-applied")
    func failingMigrationRollsBack() throws {
        let database = try Database(path: directory.file("f.sqlite"))
        try Migrator(migrations: [Self.first]).migrate(database)
        let broken = try Self.migration(
            "0002_half_done.sql",
            """
            CREATE TABLE gadget (id INTEGER PRIMARY KEY);
            INSERT INTO widget (name) VALUES ('kept only if the migration succeeds');
            INSERT INTO no_such_table VALUES (1);
            """)
        #expect {
            try Migrator(migrations: [Self.first, broken]).migrate(database)
        } throws: { error in
            guard case .failed(let name, let cause) = error as? MigrationError else { return false }
            return name == "0002_half_done" && cause.message.contains("no_such_table")
        }
        #expect(try tables(database) == ["schema_migrations", "widget"])
        #expect(try database.queryFirst("SELECT count(*) FROM widget") { $0.int(0) } == 0)
        #expect(try records(database) == ["0001_create_widget"])
    }

    @Test("a migration that breaks a foreign key is rolled back")
    func foreignKeyCheck() throws {
        let database = try Database(path: directory.file("g.sqlite"))
        let parentChild = try Self.migration(
            "0001_parent_child.sql",
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent (id));
            """)
        try Migrator(migrations: [parentChild]).migrate(database)
        let orphan = try Self.migration(
            "0002_orphan.sql",
            """
            PRAGMA defer_foreign_keys = ON;
            INSERT INTO child VALUES (42);
            """)
        #expect(throws: MigrationError.self) { try Migrator(migrations: [parentChild, orphan]).migrate(database) }
        #expect(try database.queryFirst("SELECT count(*) FROM child") { $0.int(0) } == 0)
    }

    @Test(
        "file names must be NNNN_description.sql",
        arguments: [
            "create.sql", "0000_zero.sql", "12create.sql", "_0001.sql", "v1_create.sql",
        ])
    func badFileNames(name: String) {
        #expect(throws: MigrationError.badFileName(name)) { try Migration(fileName: name, sql: "") }
    }

    @Test("two migrations with one version are refused")
    func duplicateVersions() throws {
        let clash = try Self.migration("0001_other.sql", "SELECT 1;")
        #expect(throws: MigrationError.duplicateVersion(1)) { try Migrator(migrations: [Self.first, clash]) }
    }

    @Test("foreign keys are off while a migration runs and back on after it")
    func foreignKeysAroundMigrations() throws {
        let database = try Database(path: directory.file("fk.sqlite"))
        let probe = try Self.migration(
            "0001_record_foreign_keys.sql",
            """
            CREATE TABLE seen AS SELECT foreign_keys FROM pragma_foreign_keys;
            """)
        try Migrator(migrations: [probe]).migrate(database)
        #expect(try database.queryFirst("SELECT foreign_keys FROM seen") { $0.int(0) } == 0)
        #expect(try database.queryFirst("PRAGMA foreign_keys") { $0.int(0) } == 1)
    }

    @Test("foreign keys are back on after a migration fails")
    func foreignKeysAfterFailure() throws {
        let database = try Database(path: directory.file("fk-failed.sqlite"))
        let broken = try Self.migration("0001_broken.sql", "CREATE TABLE t (x); INSERT INTO nowhere VALUES (1);")
        #expect(throws: MigrationError.self) { try Migrator(migrations: [broken]).migrate(database) }
        #expect(try database.queryFirst("PRAGMA foreign_keys") { $0.int(0) } == 1)
    }

    @Test("a migration that orphans rows while foreign keys are off is rolled back")
    func orphansWhileOff() throws {
        let database = try Database(path: directory.file("orphans.sqlite"))
        let parentChild = try Self.migration(
            "0001_parent_child.sql",
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) ON DELETE CASCADE);
            INSERT INTO parent VALUES (1);
            INSERT INTO child VALUES (1);
            """)
        try Migrator(migrations: [parentChild]).migrate(database)
        let dropParent = try Self.migration("0002_drop_parents.sql", "DELETE FROM parent;")
        #expect {
            try Migrator(migrations: [parentChild, dropParent]).migrate(database)
        } throws: { error in
            guard case .foreignKeyViolations(let name, let count) = error as? MigrationError else { return false }
            return name == "0002_drop_parents" && count == 1
        }
        #expect(try database.queryFirst("SELECT count(*) FROM parent") { $0.int(0) } == 1)
        #expect(try database.queryFirst("SELECT count(*) FROM child") { $0.int(0) } == 1)
        #expect(try records(database) == ["0001_parent_child"])
    }

    @Test("pending migrations are listed without writing")
    func pendingOnly() throws {
        let path = directory.file("pending.sqlite")
        try Migrator(migrations: [Self.first]).migrate(try Database(path: path))
        let reader = try Database(path: path, mode: .readOnly)
        #expect(reader.isReadOnly)
        let pending = try Migrator(migrations: [Self.first, Self.second]).pendingMigrations(in: reader)
        #expect(pending.map(\.name) == ["0002_add_colour"])
        #expect(try records(reader) == ["0001_create_widget"])
    }

    @Test("violations the database had before do not block a migration; only new ones do")
    func violationsBaseline() throws {
        let database = try Database(path: directory.file("baseline.sqlite"))
        let parentChild = try Self.migration(
            "0001_parent_child.sql",
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent (id));
            """)
        try Migrator(migrations: [parentChild]).migrate(database)
        // An orphan written behind the migrator's back, as a hand edit would.
        try database.execute("PRAGMA foreign_keys = OFF; INSERT INTO child VALUES (7); PRAGMA foreign_keys = ON;")
        let unrelated = try Self.migration("0002_add_widget.sql", "CREATE TABLE widget (id INTEGER PRIMARY KEY);")
        #expect(try Migrator(migrations: [parentChild, unrelated]).migrate(database) == ["0002_add_widget"])
        let orphan = try Self.migration("0003_orphan.sql", "INSERT INTO child VALUES (8);")
        #expect(throws: MigrationError.foreignKeyViolations(name: "0003_orphan", count: 1)) {
            try Migrator(migrations: [parentChild, unrelated, orphan]).migrate(database)
        }
    }

    @Test("foreign keys cannot be turned off inside a transaction: the cascade would happen silently")
    func foreignKeysOffInTransaction() throws {
        let database = try Database(path: directory.file("in-transaction.sqlite"))
        try database.execute("BEGIN")
        #expect(throws: DatabaseError.self) { try database.withForeignKeysDisabled {} }
        try database.execute("ROLLBACK")
        #expect(try database.queryFirst("PRAGMA foreign_keys") { $0.int(0) } == 1)
    }
}
