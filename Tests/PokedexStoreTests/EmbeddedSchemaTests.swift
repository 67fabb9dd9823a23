import Foundation
import Migrations
import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
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

    @Test("the schema objects listed at build time are those the Migrator leaves, after every migration")
    func embeddedSchemaObjects() throws {
        let migrations = try Migrator.embedded().migrations
        let database = try Database(path: ":memory:")
        for (index, migration) in migrations.enumerated() {
            try Migrator(migrations: Array(migrations[...index])).migrate(database)
            let objects = try database.query(
                "SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY 1"
            ) { $0.text(0) }.filter { $0 != "table schema_migrations" }
            #expect(embeddedMigrations[index].schemaObjects == objects, "\(migration.name)")
            #expect(try Migrator.missingSchemaObjects(upTo: migration, in: database).isEmpty)
        }
        try database.execute("DROP VIEW pokemon_summary")
        let newest = try #require(migrations.last)
        #expect(try Migrator.missingSchemaObjects(upTo: newest, in: database) == ["view pokemon_summary"])
    }

    @Test("a new database gets, in one go, exactly the schema the migrations leave one by one")
    func freshSchemaIsTheMigratedOne() throws {
        let migrator = try Migrator.embedded()
        let fresh = try Database(path: directory.file("fresh.sqlite"))
        #expect(try migrator.migrate(fresh).count == migrator.migrations.count)
        let stepwise = try Database(path: directory.file("stepwise.sqlite"))
        try Migrator(migrations: migrator.migrations).migrate(stepwise)
        for query in [
            "SELECT type || '|' || name || '|' || tbl_name || '|' || coalesce(sql, '') FROM sqlite_schema ORDER BY 1",
            "SELECT version || '|' || name || '|' || checksum FROM schema_migrations ORDER BY version",
            "SELECT name || '|' || type || '|' || ncol || '|' || wr || '|' || strict FROM pragma_table_list ORDER BY 1",
            // The rows migrations seed, which the one-go schema brings as INSERTs.
            "SELECT name FROM sync_resource ORDER BY 1",
        ] {
            let read = { (database: Database) in try database.query(query) { $0.text(0) } }
            let freshRows = try read(fresh)
            #expect(freshRows == (try read(stepwise)), "\(query)")
            #expect(freshRows.count > 5)
        }
    }

    @Test("the checksums computed at build time are the SHA-256 of the embedded SQL")
    func embeddedChecksums() throws {
        for migration in try Migrator.embedded().migrations {
            #expect(
                migration.checksum == (try Migration(fileName: migration.name + ".sql", sql: migration.sql)).checksum)
        }
    }

    /// SQLite's 12-step ALTER TABLE recipe applied to `pokemon` as the schema stands (a new
    /// table with one more column, a copy, the old one dropped, the new one renamed, the views
    /// dropped before and made again after). Run with foreign keys on, the drop would delete
    /// every child row through ON DELETE CASCADE.
    static func rebuildPokemon(_ database: Database) throws -> String {
        let table = try #require(
            try database.queryFirst("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'pokemon'") {
                $0.text(0)
            })
        let views = try database.query("SELECT name, sql FROM sqlite_schema WHERE type = 'view' ORDER BY rowid") {
            (name: $0.text(0), sql: $0.text(1))
        }
        let renamed = table.replacingOccurrences(of: "CREATE TABLE pokemon (", with: "CREATE TABLE pokemon_rebuilt (")
        let closing = try #require(renamed.range(of: ")", options: .backwards))
        let rebuilt = renamed.replacingCharacters(in: closing, with: ",\n    colour TEXT)")
        return views.map { "DROP VIEW \($0.name);\n" }.joined() + rebuilt + ";\n"
            + "INSERT INTO pokemon_rebuilt SELECT *, NULL FROM pokemon;\n"
            + "DROP TABLE pokemon;\n"
            + "ALTER TABLE pokemon_rebuilt RENAME TO pokemon;\n"
            + views.map { $0.sql + ";\n" }.joined()
    }

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

        let script = try Self.rebuildPokemon(catalog.database)

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

    @Test("a database synced before the Pokédex entry gets its URLs from the stored bodies, no download")
    func entryURLsFromStoredBodies() throws {
        let database = try Database(path: directory.file("before-entry.sqlite"))
        let all = try Migrator.embedded().migrations
        let entry = try #require(all.firstIndex { $0.name == "0007_create_pokedex_entry" })
        try Migrator(migrations: Array(all[..<entry])).migrate(database)
        let body = """
            {"id":25,"species":{"name":"pikachu","url":"/api/v2/pokemon-species/25/"},\
            "types":[{"slot":1,"type":{"name":"electric","url":"/api/v2/type/13/"}}],\
            "abilities":[{"slot":1,"is_hidden":false,"ability":{"name":"static","url":"/api/v2/ability/9/"}},\
            {"slot":3,"is_hidden":true,"ability":{"name":"lightning-rod","url":"/api/v2/ability/31/"}}]}
            """
        try database.execute(
            """
            INSERT INTO pokemon (id, name, url, listed_at) VALUES (25, 'pikachu', 'u', 't'), (26, 'raichu', 'u', 't');
            INSERT INTO pokemon_type VALUES (25, 1, 'electric'), (26, 1, 'electric');
            INSERT INTO pokemon_ability VALUES (25, 1, 'static', 0), (25, 3, 'lightning-rod', 1);
            INSERT INTO pokemon_detail_json VALUES (26, NULL, 't', 'not JSON: stored by hand');
            """)
        try database.run("INSERT INTO pokemon_detail_json VALUES (25, NULL, 't', ?)", [.text(body)])
        try Migrator(migrations: all).migrate(database)
        #expect(
            try database.query("SELECT id, species_url FROM pokemon ORDER BY id") {
                "\($0.int(0)) \($0.optionalText(1) ?? "-")"
            }
                == ["25 /api/v2/pokemon-species/25/", "26 -"])
        #expect(
            try database.query("SELECT type_url FROM pokemon_type ORDER BY pokemon_id") { $0.optionalText(0) ?? "-" }
                == ["/api/v2/type/13/", "-"])
        #expect(
            try database.query("SELECT ability_url FROM pokemon_ability ORDER BY slot") { $0.text(0) }
                == ["/api/v2/ability/9/", "/api/v2/ability/31/"])
    }
}
