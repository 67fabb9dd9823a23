import BodyCoding
import Foundation
import PokedexStore
import TestSupport
import Testing

@testable import HTTPTypes
@testable import LocalDatabase
@testable import PokedexSync

/// The production decoders and store over all 1,351 real PokeAPI detail bodies in
/// `../shared/data/pokeapi`. Skipped when that folder is absent (a user's clone).
@Suite("Real PokeAPI data", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealDataTests {
    @Test("the real list scans, and every entry's URL gives its id")
    func listURLs() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.directory! + "/pokeapi/pokemon-list.json"))
        let list = try PokeAPIScanner.listPage(from: data)
        #expect(list.results.count == 1351)
        var ids = Set<Int>()
        for entry in list.results { ids.insert(try PokemonResource.id(fromURL: entry.url)) }
        #expect(ids.count == 1351 && ids.contains(25) && ids.contains(10001) && ids.max() == 10326)
    }

    @Test("all real detail bodies decode and store with the right id and artwork")
    func allDetails() throws {
        let directory = try TemporaryDirectory()
        let catalog = PokemonCatalog(database: try LocalStore.openForWriting(path: directory.file("real.sqlite")))
        var expectedArtwork: [Int: String?] = [:]
        var batch: [(ResourceListEntry, DownloadedDetails)] = []
        func flush() throws {
            try catalog.savePage(entries: batch.map(\.0), details: batch.map(\.1))
            batch.removeAll()
        }
        try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/pokemon.jsonl.gz") { line in
            let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            let id = try #require(record["id"] as? Int)
            let body = Data(try #require(record["body"] as? String).utf8)
            let url = URL(string: "https://pokeapi.co/api/v2/pokemon/\(id)/")!
            let response = HTTPResponse(url: url, status: 200, headers: [:], body: body)
            let decoded = try JSONResponse.pokemonDetails(from: response)
            // An independent reading of the same body with JSONSerialization, as the oracle.
            let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(decoded == Self.expectedDetails(raw), "pokemon \(id)")
            #expect(decoded.id == id && decoded.name == record["name"] as? String)
            expectedArtwork[id] = Self.expectedDetails(raw).officialArtworkURL
            batch.append(
                (
                    ResourceListEntry(id: id, name: decoded.name, url: url.absoluteString),
                    DownloadedDetails(details: decoded, body: .compressing([UInt8](body)), etag: nil)
                ))
            if batch.count == 100 { try flush() }
        }
        try flush()

        #expect(expectedArtwork.count == 1351)
        #expect(try catalog.count() == 1351)
        var derived = 0
        for (id, official) in expectedArtwork {
            let summary = try #require(try catalog.profile(id: id)).summary
            #expect(summary.id == id)
            #expect(summary.artwork == PokemonResource.artwork(id: id, official: official))
            if summary.artwork.derived { derived += 1 }
        }
        #expect(derived == 12, "12 real Pokémon have no official artwork")
        let viewDerived = try catalog.database.queryFirst(
            "SELECT count(*) FROM pokemon_summary WHERE artwork_derived"
        ) { $0.int(0) }
        #expect(viewDerived == 12)
        let pikachu = try #require(try catalog.profile(name: "pikachu"))
        #expect(pikachu.summary.types == ["electric"] && pikachu.stats.count == 6)
    }

    private static func name(_ value: Any?) -> String? { (value as? [String: Any])?["name"] as? String }

    /// What the scanner must extract, read with JSONSerialization.
    static func expectedDetails(_ raw: [String: Any]) -> PokemonDetails {
        func url(_ value: Any?) -> String? { (value as? [String: Any])?["url"] as? String }
        let typeSlots = (raw["types"] as? [[String: Any]] ?? [])
            .sorted { ($0["slot"] as? Int ?? 0) < ($1["slot"] as? Int ?? 0) }
        let types = typeSlots.compactMap { name($0["type"]) }
        let abilitySlots = (raw["abilities"] as? [[String: Any]] ?? []).filter { name($0["ability"]) != nil }
        let abilities = abilitySlots.compactMap { slot -> PokemonDetails.Ability? in
            guard let abilityName = name(slot["ability"]) else { return nil }
            return PokemonDetails.Ability(
                name: abilityName, isHidden: slot["is_hidden"] as? Bool ?? false,
                slot: slot["slot"] as? Int ?? 0)
        }
        let stats = (raw["stats"] as? [[String: Any]] ?? []).map { stat in
            PokemonDetails.Stat(
                name: name(stat["stat"]) ?? "", baseStat: stat["base_stat"] as? Int ?? -1,
                effort: stat["effort"] as? Int ?? -1)
        }
        let sprites = raw["sprites"] as? [String: Any]
        let other = sprites?["other"] as? [String: Any]
        return PokemonDetails(
            id: raw["id"] as? Int ?? 0, name: raw["name"] as? String ?? "", height: raw["height"] as? Int,
            weight: raw["weight"] as? Int, baseExperience: raw["base_experience"] as? Int,
            order: raw["order"] as? Int, speciesName: name(raw["species"]), types: types, abilities: abilities,
            stats: stats,
            officialArtworkURL: (other?["official-artwork"] as? [String: Any])?["front_default"] as? String,
            speciesURL: url(raw["species"]), typeURLs: typeSlots.compactMap { url($0["type"]) },
            abilityURLs: abilitySlots.compactMap { url($0["ability"]) },
            spriteURL: sprites?["front_default"] as? String, shinySpriteURL: sprites?["front_shiny"] as? String,
            moves: learnset(raw["moves"]))
    }

    static func learnset(_ moves: Any?) -> [LearnedMove] {
        (moves as? [[String: Any]] ?? []).flatMap { entry in
            (entry["version_group_details"] as? [[String: Any]] ?? []).map { detail in
                LearnedMove(
                    move: name(entry["move"]) ?? "", versionGroup: name(detail["version_group"]) ?? "",
                    method: name(detail["move_learn_method"]) ?? "", level: detail["level_learned_at"] as? Int ?? -1,
                    order: detail["order"] as? Int)
            }
        }
    }
}
