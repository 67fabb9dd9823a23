import Foundation
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexStore

/// Every real species body: migration 0014 gives each stored egg group its place in the body,
/// and every variety PokeAPI lists is its species' slug or that slug plus a form.
@Suite("Real species bodies", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealEntryReadingTests {
    /// (species id, species slug, raw body, egg groups in body order, variety slugs).
    static func species() throws -> [(id: Int, name: String, body: String, eggGroups: [String], varieties: [String])] {
        var species: [(Int, String, String, [String], [String])] = []
        try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/pokemon-species.jsonl.gz") { line in
            guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any],
                let text = object["body"] as? String,
                let body = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let id = body["id"] as? Int, let name = body["name"] as? String
            else { return }
            let groups = (body["egg_groups"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let varieties = (body["varieties"] as? [[String: Any]] ?? []).compactMap {
                ($0["pokemon"] as? [String: Any])?["name"] as? String
            }
            species.append((id, name, text, groups, varieties))
        }
        return species
    }

    @Test("migration 0014 orders every species' egg groups as its stored body does")
    func eggGroupPositions() throws {
        let species = try Self.species()
        #expect(species.count > 1_000)
        #expect(species.contains { $0.eggGroups.count == 2 && $0.eggGroups != $0.eggGroups.sorted() })
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("before-positions.sqlite"))
        let all = try Migrator.embedded().migrations
        let positions = try #require(all.firstIndex { $0.name == "0014_order_species_egg_groups" })
        try Migrator(migrations: Array(all[..<positions])).migrate(database)
        try database.writeTransaction {
            for entry in species {
                try database.run(
                    "INSERT INTO pokemon_species (id, name, url, listed_at) VALUES (?, ?, 'u', 't')",
                    [.int(entry.id), .text(entry.name)])
                try database.run(
                    "INSERT INTO pokemon_species_json (species_id, fetched_at, body) VALUES (?, 't', ?)",
                    [.int(entry.id), .text(entry.body)])
                // Alphabetically, as the table's key ordered them before the column existed.
                for group in entry.eggGroups.sorted() {
                    try database.run(
                        "INSERT INTO pokemon_species_egg_group (species_id, egg_group) VALUES (?, ?)",
                        [.int(entry.id), .text(group)])
                }
            }
        }
        try Migrator(migrations: all).migrate(database)
        for entry in species {
            let stored = try database.query(
                "SELECT egg_group FROM pokemon_species_egg_group WHERE species_id = ? ORDER BY position",
                [.int(entry.id)]
            ) { $0.text(0) }
            #expect(stored == entry.eggGroups, "\(entry.name)")
        }
        #expect(
            try database.queryFirst("SELECT count(*) FROM pokemon_species_egg_group WHERE position IS NULL") {
                $0.int(0)
            } == 0)
    }

    @Test("every variety is its species' own Pokémon or the species' slug and a form")
    func varietiesHaveForms() throws {
        var forms = 0
        for entry in try Self.species() {
            for variety in entry.varieties where variety != entry.name {
                #expect(PokemonForm.suffix(pokemon: variety, species: entry.name) != nil, "\(variety) of \(entry.name)")
                forms += 1
            }
        }
        #expect(forms > 250)
    }
}
