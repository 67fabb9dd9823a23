import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexStore

@Suite("Embedded schema")
struct EmbeddedSchemaTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func tables(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { $0.text(0) }
    }

    @Test("the embedded migrations come from Migrations/ in order and apply cleanly")
    func embedded() throws {
        let migrator = try Migrator.embedded()
        #expect(migrator.migrations.first?.name == "0001_create_pokemon")
        #expect(migrator.migrations.map(\.version) == migrator.migrations.map(\.version).sorted())
        let database = try Database(path: directory.file("h.sqlite"))
        #expect(try migrator.migrate(database).count == migrator.migrations.count)
        #expect(try tables(database).contains("pokemon"))
    }

    @Test("the checksums computed at build time are the SHA-256 of the embedded SQL")
    func embeddedChecksums() throws {
        for migration in try Migrator.embedded().migrations {
            #expect(
                migration.checksum == (try Migration(fileName: migration.name + ".sql", sql: migration.sql)).checksum)
        }
    }

    /// SQLite's 12-step ALTER TABLE recipe applied to `pokemon`: a new table, a copy, the old
    /// one dropped, the new one renamed. Run with foreign keys on, the drop would delete
    /// every child row through ON DELETE CASCADE.
    static let rebuildPokemon = """
        CREATE TABLE pokemon_rebuilt (
            id                   INTEGER PRIMARY KEY,
            name                 TEXT    NOT NULL UNIQUE,
            url                  TEXT    NOT NULL,
            height               INTEGER,
            weight               INTEGER,
            base_experience      INTEGER,
            sort_order           INTEGER,
            species_name         TEXT,
            official_artwork_url TEXT,
            listed_at            TEXT    NOT NULL,
            details_synced_at    TEXT,
            colour               TEXT
        ) STRICT;
        INSERT INTO pokemon_rebuilt SELECT *, NULL FROM pokemon;
        DROP TABLE pokemon;
        ALTER TABLE pokemon_rebuilt RENAME TO pokemon;
        """

    func childRowCounts(_ database: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in ["pokemon", "pokemon_type", "pokemon_ability", "pokemon_stat", "pokemon_detail_json"] {
            counts[table] = try database.queryFirst("SELECT count(*) FROM \(table)") { $0.int(0) }
        }
        return counts
    }

    @Test("a migration that rebuilds pokemon keeps every type, ability, stat and detail row")
    func rebuildKeepsChildren() throws {
        let path = directory.file("rebuild.sqlite")
        let catalog = PokemonCatalog(database: try LocalStore.openForWriting(path: path))
        try catalog.savePage(
            entries: [PokemonCatalogTests.entry(25, "pikachu"), PokemonCatalogTests.entry(26, "raichu")],
            details: [
                PokemonCatalogTests.details(25, "pikachu"),
                PokemonCatalogTests.details(26, "raichu", types: ["electric", "psychic"]),
            ])
        let before = try childRowCounts(catalog.database)
        #expect(
            before == [
                "pokemon": 2, "pokemon_type": 3, "pokemon_ability": 4, "pokemon_stat": 4,
                "pokemon_detail_json": 2,
            ])

        // The recipe drops and recreates the views that read the rebuilt table.
        let view = try #require(
            try catalog.database.queryFirst(
                "SELECT sql FROM sqlite_schema WHERE type = 'view' AND name = 'pokemon_summary'"
            ) { $0.text(0) })
        let script = "DROP VIEW pokemon_summary;\n" + Self.rebuildPokemon + view + ";\n"

        // The control: the same script with foreign keys on loses the children.
        struct RollBack: Error {}
        #expect(throws: RollBack.self) {
            try catalog.database.writeTransaction {
                try catalog.database.execute(script)
                #expect(try childRowCounts(catalog.database)["pokemon_type"] == 0)
                throw RollBack()
            }
        }
        #expect(try childRowCounts(catalog.database) == before, "the control was rolled back")

        let embedded = try Migrator.embedded().migrations
        let rebuild = try Migration(
            fileName: String(format: "%04d_rebuild_pokemon.sql", embedded.count + 1),
            sql: script)
        #expect(try Migrator(migrations: embedded + [rebuild]).migrate(catalog.database) == [rebuild.name])
        #expect(try childRowCounts(catalog.database) == before)
        #expect(try catalog.database.queryFirst("PRAGMA foreign_keys") { $0.int(0) } == 1)
        #expect(try catalog.database.query("PRAGMA foreign_key_check") { _ in () }.isEmpty)
        let profile = try #require(try catalog.profile(name: "raichu"))
        #expect(profile.summary.types == ["electric", "psychic"])
        #expect(profile.abilities.count == 2 && profile.stats.count == 2)
    }
}
