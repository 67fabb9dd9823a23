import BodyCoding
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexSync

/// The links a partial sync follows to what a Pokémon's entry displays
/// (``PokeAPIResources/displayed``), read from stored bodies (compressed or not): the moves of
/// the newest learnset's game only, the machines of those games, the places of the newest game
/// the Pokémon is met in, forms, games, egg groups, stats, and what its evolutions need.
@Suite("Links to what an entry displays, read from stored bodies")
struct DisplayedLinksTests {
    let directory: TemporaryDirectory
    let database: Database

    static func link(_ name: String, _ path: String) -> String {
        #"{"name":"\#(name)","url":"https://pokeapi.co/api/v2/\#(path)/"}"#
    }

    static func learnt(_ move: String, _ id: Int, in groups: [(String, Int, String)]) -> String {
        let details = groups.map { group, groupID, method in
            #"{"level_learned_at":1,"move_learn_method":\#(link(method, "move-learn-method/1")),"#
                + #""version_group":\#(link(group, "version-group/\(groupID)"))}"#
        }
        return #"{"move":\#(link(move, "move/\(id)")),"version_group_details":[\#(details.joined(separator: ","))]}"#
    }

    init() throws {
        (directory, database) = try PokedexEntryFixture.installedDatabase()
        let pokemon = [
            Self.learnt("thunder-shock", 84, in: [("red-blue", 1, "level-up"), ("scarlet-violet", 25, "level-up")]),
            Self.learnt("pay-day", 6, in: [("red-blue", 1, "level-up")]),
            Self.learnt("thunderbolt", 85, in: [("scarlet-violet", 25, "machine")]),
        ]
        let body =
            #"{"id":25,"name":"pikachu","moves":[\#(pokemon.joined(separator: ","))],"#
            + #""forms":[\#(Self.link("pikachu", "pokemon-form/25"))],"#
            + #""stats":[{"base_stat":35,"stat":\#(Self.link("hp", "stat/1"))}]}"#
        try replaceBody("pokemon_detail_json", key: "pokemon_id", id: 25, body)
        try replaceBody(
            "pokemon_species_json", key: "species_id", id: 25,
            #"{"id":25,"egg_groups":[\#(Self.link("ground", "egg-group/5")),\#(Self.link("fairy", "egg-group/6"))]}"#)
        let chain = try #require(
            try database.queryFirst("SELECT evolution_chain_id FROM pokemon_species WHERE id = 25") { $0.int(0) })
        let step =
            #"{"item":\#(Self.link("thunder-stone", "item/83")),"held_item":null,"#
            + #""location":\#(Self.link("mt-coronet", "location/10")),"known_move":\#(Self.link("ancient-power", "move/246"))}"#
        try replaceBody(
            "evolution_chain_json", key: "chain_id", id: chain,
            #"{"id":\#(chain),"chain":{"evolution_details":[],"evolves_to":[{"evolution_details":[\#(step)],"evolves_to":[]}]}}"#
        )
        try database.run(
            "INSERT INTO version_group VALUES (1, 'red-blue', 'generation-i', 3), (25, 'scarlet-violet', 'generation-ix', 27)"
        )
        try PokemonCatalog(database: database).saveRescannedLearnsets([
            (
                25,
                [
                    LearnedMove(
                        move: "thunder-shock", versionGroup: "red-blue", method: "level-up", level: 1, order: nil),
                    LearnedMove(move: "pay-day", versionGroup: "red-blue", method: "level-up", level: 1, order: nil),
                    LearnedMove(
                        move: "thunder-shock", versionGroup: "scarlet-violet", method: "level-up", level: 1, order: nil),
                    LearnedMove(
                        move: "thunderbolt", versionGroup: "scarlet-violet", method: "machine", level: 0, order: nil),
                ]
            )
        ])
        let machines = [("red-blue", 1, 1), ("scarlet-violet", 25, 2)].map { group, groupID, machine in
            #"{"machine":{"url":"https://pokeapi.co/api/v2/machine/\#(machine)/"},"#
                + #""version_group":\#(Self.link(group, "version-group/\(groupID)"))}"#
        }
        try database.storeBody(
            "move", 85, "thunderbolt",
            #"{"id":85,"name":"thunderbolt","machines":[\#(machines.joined(separator: ","))]}"#)
        for (id, name, group, groupID) in [(1, "red", "red-blue", 1), (40, "scarlet", "scarlet-violet", 25)] {
            try database.storeBody(
                "version", id, name,
                #"{"id":\#(id),"name":"\#(name)","version_group":\#(Self.link(group, "version-group/\(groupID)"))}"#)
        }
        try database.storeBody(
            "version-group", 25, "scarlet-violet",
            #"{"id":25,"name":"scarlet-violet","order":27,"versions":[\#(Self.link("scarlet", "version/40")),\#(Self.link("violet", "version/41"))]}"#
        )
        let met = [("viridian-forest-area", 321, "red", 1), ("south-province-area-one", 1001, "scarlet", 40)].map {
            area, areaID, version, versionID in
            #"{"location_area":\#(Self.link(area, "location-area/\(areaID)")),"version_details":[{"#
                + #""version":\#(Self.link(version, "version/\(versionID)")),"encounter_details":[{"#
                + #""min_level":3,"max_level":5,"chance":4,"method":\#(Self.link("walk", "encounter-method/1")),"#
                + #""condition_values":[]}]}]}"#
        }
        try database.storeBody("pokemon-encounters", 25, "pikachu", "[\(met.joined(separator: ","))]")
        try database.storeBody(
            "location-area", 1001, "south-province-area-one",
            #"{"id":1001,"name":"south-province-area-one","location":\#(Self.link("south-province", "location/200"))}"#)
        try TypedBodyRescan.run(database)
    }

    /// Replaces a stored body of a kind with tables of its own, compressed as a sync stores it.
    func replaceBody(_ table: String, key: String, id: Int, _ body: String) throws {
        let stored = StoredBody.compressing(Array(body.utf8))
        #expect(stored.encoding == .zlib)
        try database.run(
            "UPDATE \(table) SET body_encoding = ?, body_size = ?, body = ? WHERE \(key) = ?",
            [.text(stored.encoding.rawValue), .int(stored.decodedSize), .blob(stored.bytes[...]), .int(id)])
    }

    static let cases: [(kind: String, from: String, ids: [Int], names: Set<String>)] = [
        ("version-group", "pokemon", [25], ["red-blue", "scarlet-violet"]),
        ("version-group", "version", [40], ["scarlet-violet"]),
        ("version", "pokemon-encounters", [25], ["red", "scarlet"]),
        ("version", "version-group", [25], ["scarlet", "violet"]),
        ("move", "pokemon", [25], ["thunder-shock", "thunderbolt"]),
        ("move", "evolution-chain", [], ["ancient-power"]),
        ("machine", "move", [85], ["https://pokeapi.co/api/v2/machine/2/"]),
        ("pokemon-form", "pokemon", [25], ["pikachu"]),
        ("location-area", "pokemon-encounters", [25], ["south-province-area-one"]),
        ("location", "location-area", [1001], ["south-province"]),
        ("location", "evolution-chain", [], ["mt-coronet"]),
        ("item", "evolution-chain", [], ["thunder-stone"]),
        ("egg-group", "pokemon-species", [25], ["ground", "fairy"]),
        ("stat", "pokemon", [25], ["hp"]),
    ]

    @Test("each displayed kind's link finds what the entry shows", arguments: cases)
    func follows(_ kind: String, from: String, ids: [Int], names: Set<String>) throws {
        let resource = try #require(PokeAPIResources.displayed.first { $0.kind.name == kind })
        let link = try #require(resource.links.first { $0.from.name == from }, "\(kind) ← \(from)")
        let chain = try database.queryFirst("SELECT evolution_chain_id FROM pokemon_species WHERE id = 25") {
            $0.int(0)
        }
        let found = try ResourceLinks(database: database).follow(link, from: ids.isEmpty ? [chain ?? 0] : ids)
        // Nameless kinds (machines) are named by their URL here.
        #expect(Set(found.map { $0.name.isEmpty ? $0.url : $0.name }) == names)
        #expect(try ResourceLinks(database: database).follow(link, from: [99_999]).isEmpty, "only the ids given")
    }

    @Test("the game show draws moves and places from: the newest by the games' order, not by name")
    func shownGames() throws {
        try database.run("UPDATE version_group SET sort_order = 99 WHERE name = 'red-blue'")
        let queries = PokedexEntryQueries(database: database, language: "en")
        #expect(try queries.learnset(pokemonID: 25, versionGroup: nil)?.versionGroup == "red-blue")
        #expect(try queries.whereFound(pokemonID: 25, versionGroup: nil)?.versionGroup == "red-blue")
        let moves = try #require(PokeAPIResources.displayed.first { $0.kind.name == "move" }?.links.first)
        #expect(
            Set(try ResourceLinks(database: database).follow(moves, from: [25]).map(\.name)) == [
                "thunder-shock", "pay-day",
            ])
    }
}
