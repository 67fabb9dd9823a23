import BodyCoding
import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

/// A database synced before raw bodies were compressed (migration 0016) is compressed in place
/// by the next sync that opens it: nothing downloaded, every body read back byte for byte,
/// every query answering as before, and the file shrunk by the VACUUM that follows.
@Suite("Raw bodies compressed in existing databases")
struct BodyCompressionMigrationTests {
    /// The `…_json` tables before 0016, with the key and the table whose ids they hold.
    static let tables = [
        ("pokemon_detail_json", "pokemon_id", "pokemon"), ("pokemon_species_json", "species_id", "pokemon_species"),
        ("evolution_chain_json", "chain_id", "evolution_chain"), ("type_json", "type_id", "type"),
        ("ability_json", "ability_id", "ability"),
    ]

    /// A body shaped like PokeAPI's (a long list of moves with version details), ≈40 KB.
    static func body(_ table: String, id: Int) -> String {
        let moves = (1...120).map { move in
            #"{"move":{"name":"move-\#(move)","url":"https://pokeapi.co/api/v2/move/\#(move)/"},"version_group_details":[{"level_learned_at":\#(move % 50),"move_learn_method":{"name":"level-up","url":"https://pokeapi.co/api/v2/move-learn-method/1/"}}]}"#
        }
        return #"{"id":\#(id),"table":"\#(table)","moves":[\#(moves.joined(separator: ","))]}"#
    }

    /// Everything the query side answers on the fixture, as text.
    static func answers(_ database: Database) throws -> [String] {
        let queries = PokedexEntryQueries(database: database, language: "en")
        let pokemon = try database.query("SELECT id FROM pokemon ORDER BY id") { $0.int(0) }
        let types = try queries.knownTypeSlugs()
        let abilities = try queries.knownAbilitySlugs()
        return try pokemon.map { "\(try queries.entry(id: $0).map { "\($0)" } ?? "none")" }
            + ["\(try queries.list(offset: 0, limit: 100))", "\(try queries.languages())"]
            + types.map { "\(try queries.typeEntry(slug: $0))" }
            + abilities.map { "\(try queries.abilityEntry(slug: $0))" }
            + ["\(try queries.evolutionChain(speciesName: "eevee") as Any)"]
    }

    @Test("bodies compressed in place, read back as stored, queries unchanged, the file smaller")
    func compressesInPlace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("before-0016.sqlite")
        let all = try Migrator.embedded().migrations
        let compression = try #require(all.firstIndex { $0.name == "0016_compress_raw_bodies" })
        let old = try Database(path: path)
        // As LocalStore set files up then.
        try old.execute("PRAGMA page_size = 16384")
        _ = try old.queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) }
        try Migrator(migrations: Array(all[..<compression])).migrate(old)
        try PokedexEntryFixture.installRows(into: old)
        var stored: [String: [Int: String]] = [:]
        for (table, _, parent) in Self.tables {
            for id in try old.query("SELECT id FROM \(parent) ORDER BY id", row: { $0.int(0) }) {
                stored[table, default: [:]][id] = Self.body(table, id: id)
            }
        }
        // Kept as they are: one too short to gain from compression, one not JSON at all.
        let (tiny, handwritten) = (
            try #require(stored["type_json"]?.keys.min()), try #require(stored["ability_json"]?.keys.min())
        )
        stored["type_json"]?[tiny] = "{}"
        stored["ability_json"]?[handwritten] = "not JSON: stored by hand"
        for (table, key, _) in Self.tables {
            for (id, body) in stored[table] ?? [:] {
                try old.run(
                    "INSERT INTO \(table) (\(key), etag, fetched_at, body) VALUES (?, 'W/\"e\"', '2026-01-01T00:00:00Z', ?)",
                    [.int(id), .text(body)])
            }
        }
        // The later migrations in SQL alone, as a sync applies them before its upkeep: the bodies
        // stay as they were, listed for compression, and the queries read today's schema.
        try Migrator(migrations: all).migrate(old)
        let before = try Self.answers(old)
        old.close()
        let sizeBefore = FileSystem.size(path)

        let migrated = try LocalStore.openForWriting(path: path)
        #expect(try Self.answers(migrated) == before)
        for (table, key, _) in Self.tables {
            let rows = try migrated.query("SELECT \(key), etag, \(RawBody.pokeAPI.columns) FROM \(table)") {
                ($0.int(0), $0.optionalText(1), $0.text(2), try RawBody.body($0, column: 2))
            }
            #expect(rows.count == stored[table]?.count, "\(table)")
            for (id, etag, encoding, body) in rows {
                let original = try #require(stored[table]?[id])
                #expect(body == Array(original.utf8), "\(table) #\(id) reads back as it was stored")
                #expect(etag == "W/\"e\"")
                // The two short ones are no smaller compressed.
                #expect(encoding == (original.utf8.count < 100 ? "identity" : "zlib"), "\(table) #\(id)")
            }
        }
        // The stores read through the same function.
        #expect(
            try PokemonCatalog(database: migrated).detailBody(id: 25)
                == Array(Self.body("pokemon_detail_json", id: 25).utf8))
        #expect(try migrated.queryFirst("SELECT count(*) FROM body_compression_pending") { $0.int(0) } == 0)
        migrated.close()
        let sizeAfter = FileSystem.size(path)
        // The bodies weighed ≈4.5 MB and compress ≈40×: nearly all of that is given back.
        let bodyBytes = stored.values.flatMap(\.values).reduce(0) { $0 + $1.utf8.count }
        #expect(
            sizeBefore - sizeAfter > bodyBytes * 9 / 10, "\(sizeBefore) → \(sizeAfter) bytes for \(bodyBytes) of bodies"
        )

        // Done once: the next open finds nothing to do.
        let again = try LocalStore.openForWriting(path: path)
        #expect(try Self.answers(again) == before)
        again.close()
        #expect(FileSystem.size(path) == sizeAfter)
    }

    @Test("a database created now lists nothing to compress, and its bodies are stored compressed")
    func newDatabase() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("new.sqlite"))
        #expect(try database.queryFirst("SELECT count(*) FROM body_compression_pending") { $0.int(0) } == 0)
        try PokedexEntryFixture.install(into: database)
        let body = Array(Self.body("type_json", id: 13).utf8)
        let store = TypeStore(database: database)
        try database.writeTransaction {
            try store.tables.saveBody(database, id: 13, body: .compressing(body), etag: nil)
        }
        #expect(try store.body(id: 13) == body)
        #expect(
            try database.queryFirst("SELECT body_encoding, length(body) < body_size FROM type_json WHERE type_id = 13")
            {
                "\($0.text(0)) \($0.bool(1))"
            } == "zlib true")
    }
}
