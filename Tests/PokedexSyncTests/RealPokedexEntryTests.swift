import BodyCoding
import Foundation
import PokedexStore
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexSync

/// The Pokédex entry's decoders and stores over every real type, ability, species and
/// evolution chain body in `../shared/data/pokeapi`, checked against JSONSerialization.
@Suite("Real Pokédex entry data", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealPokedexEntryTests {
    static func forEachBody(_ file: String, _ body: (Int, Data, [String: Any]) throws -> Void) throws {
        try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/\(file).jsonl.gz") { line in
            let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            let id = try #require(record["id"] as? Int)
            let data = Data(try #require(record["body"] as? String).utf8)
            let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            try body(id, data, raw)
        }
    }

    static func names(_ value: Any?) -> [String] {
        ((value as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }

    @Test("every real body decodes, matches an independent reading, and stores")
    func everything() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("entry.sqlite"))
        func store<S: ResourcePageStore>(
            _ store: S, _ file: String, name: (S.Downloaded) -> String,
            decode: (Int, Data, [String: Any]) throws -> S.Downloaded
        ) throws -> Int {
            var count = 0
            try Self.forEachBody(file) { id, data, raw in
                let downloaded = try decode(id, data, raw)
                try store.beginPage(entries: [
                    ResourceListEntry(id: id, name: name(downloaded), url: "/api/v2/\(file)/\(id)/")
                ])
                try store.saveDetails(downloaded)
                try store.commitPage()
                count += 1
            }
            return count
        }
        let types = try store(TypeStore(database: database), "type", name: \.fields.name) { id, data, raw in
            let type = try PokeAPIScanner.type(from: data)
            let relations = try #require(raw["damage_relations"] as? [String: Any])
            #expect(type.id == id && type.name == raw["name"] as? String && type.violation == nil)
            for (list, side, multiplier) in [
                ("double_damage_to", type.damageTo, 2.0), ("no_damage_to", type.damageTo, 0),
                ("half_damage_from", type.damageFrom, 0.5), ("no_damage_from", type.damageFrom, 0),
            ] {
                #expect(
                    side.filter { $0.multiplier == multiplier }.map(\.type) == Self.names(relations[list]),
                    "\(id) \(list)")
            }
            return .init(id: id, fields: type, body: .compressing([UInt8](data)), etag: nil)
        }
        let abilities = try store(AbilityStore(database: database), "ability", name: \.fields.name) { id, data, raw in
            let ability = try PokeAPIScanner.ability(from: data)
            #expect(ability.id == id && ability.name == raw["name"] as? String && ability.violation == nil)
            #expect(ability.isMainSeries == raw["is_main_series"] as? Bool, "ability \(id)")
            #expect(
                ability.gameTexts.count == (raw["flavor_text_entries"] as? [Any])?.count, "ability \(id)'s game texts")
            return .init(id: id, fields: ability, body: .compressing([UInt8](data)), etag: nil)
        }
        let species = try store(SpeciesStore(database: database), "pokemon-species", name: \.fields.name) {
            id, data, raw in
            let species = try PokeAPIScanner.species(from: data)
            #expect(species.id == id && species.name == raw["name"] as? String && species.violation == nil)
            let chain = (raw["evolution_chain"] as? [String: Any])?["url"] as? String
            #expect(species.evolutionChainURL == chain, "species \(id)")
            #expect(species.flavorTexts.count == (raw["flavor_text_entries"] as? [Any])?.count, "species \(id)")
            for text in species.flavorTexts {
                #expect(!text.text.contains("\n") && !text.text.contains("\u{0C}") && !text.text.contains("\u{AD}"))
            }
            return .init(id: id, fields: species, body: .compressing([UInt8](data)), etag: nil)
        }
        let chainName: (EvolutionChainStore.Downloaded) -> String = { _ in "" }
        let chains = try store(EvolutionChainStore(database: database), "evolution-chain", name: chainName) {
            id, data, raw in
            let chain = try PokeAPIScanner.evolutionChain(from: data)
            func count(_ link: [String: Any]) -> Int {
                1 + ((link["evolves_to"] as? [[String: Any]]) ?? []).reduce(0) { $0 + count($1) }
            }
            #expect(chain.id == id && chain.violation == nil)
            #expect(chain.members.count == count(try #require(raw["chain"] as? [String: Any])), "chain \(id)")
            return .init(id: id, fields: chain, body: .compressing([UInt8](data)), etag: nil)
        }
        #expect(types == 21 && abilities > 300 && species == 1025 && chains == 541)
        // Every chain a species names is stored, and every species a chain names too.
        let missing = try database.queryFirst(
            """
            SELECT (SELECT count(*) FROM pokemon_species WHERE evolution_chain_id NOT IN (SELECT id FROM evolution_chain)),
                   (SELECT count(*) FROM evolution_chain_member WHERE species_name NOT IN (SELECT name FROM pokemon_species))
            """
        ) { [$0.int(0), $0.int(1)] }
        #expect(missing == [0, 0])
        let damage = try database.queryFirst("SELECT count(*) FROM type_damage") { $0.int(0) } ?? 0
        #expect(damage > 100)
    }
}
