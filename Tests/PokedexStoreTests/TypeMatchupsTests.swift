import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexStore

@Suite("Type matchups")
struct TypeMatchupsTests {
    /// The real relations of a few types (PokeAPI's type/*.json).
    static let matchups = TypeMatchups(rows: [
        ("electric", "water", 2), ("electric", "flying", 2), ("electric", "ground", 0), ("electric", "grass", 0.5),
        ("electric", "electric", 0.5), ("electric", "dragon", 0.5), ("ground", "electric", 2),
        ("ground", "flying", 0), ("ground", "fire", 2), ("ground", "steel", 2), ("ground", "grass", 0.5),
        ("ice", "dragon", 2), ("ice", "flying", 2), ("ice", "ground", 2), ("ice", "grass", 2), ("ice", "steel", 0.5),
        ("fighting", "ghost", 0), ("fighting", "normal", 2), ("fighting", "steel", 2), ("fighting", "bug", 0.5),
        ("fighting", "flying", 0.5), ("grass", "water", 2), ("grass", "ground", 2), ("grass", "flying", 0.5),
        ("grass", "steel", 0.5), ("grass", "bug", 0.5), ("normal", "ghost", 0), ("normal", "steel", 0.5),
    ])

    @Test(
        "one attacking type against single and dual types",
        arguments: [
            ("electric", ["water"], 2.0), ("electric", ["ground"], 0), ("electric", ["normal"], 1),
            ("electric", ["water", "flying"], 4),  // Gyarados
            ("electric", ["grass", "dragon"], 0.25),
            ("ground", ["flying", "electric"], 0),  // an immunity times a weakness: Zapdos
            ("electric", ["ground", "water"], 0),  // Quagsire
            ("ice", ["dragon", "flying"], 4),  // Dragonite
            ("ice", ["ground", "steel"], 1),  // a weakness times a resistance
            ("fighting", ["normal", "ghost"], 0), ("grass", ["bug", "steel"], 0.25),
            ("normal", ["steel"], 0.5), ("fire", ["grass"], 1),  // no relations stored: neutral
        ] as [(String, [String], Double)])
    func multiplier(attacking: String, defending: [String], expected: Double) {
        #expect(Self.matchups.multiplier(attacking: attacking, defending: defending).value == expected)
    }

    @Test("defense groups by 4×, 2×, ½×, ¼×, 0× in the attackers' order, neutral left out")
    func grouped() {
        let groups = Self.matchups.defense(
            of: ["water", "flying"], attackers: ["normal", "fighting", "ground", "electric", "ice", "grass"])
        #expect(groups.map(\.0.label) == ["4×", "2×", "½×", "0×"])
        #expect(groups.map(\.1) == [["electric"], ["ice"], ["fighting"], ["ground"]])
        #expect(TypeMatchups.Multiplier.shownOrder.map(\.key) == ["4", "2", "0.5", "0.25", "0"])
    }

    @Test("the computation agrees with the pokemon_defense view on every stored Pokémon")
    func agreesWithView() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        try database.execute(PokedexEntryFixture.sql)
        let queries = PokedexEntryQueries(database: database)
        let (matchups, attackers) = try queries.matchups()
        let types = try database.query("SELECT pokemon_id, type_name FROM pokemon_type ORDER BY pokemon_id, slot") {
            ($0.int(0), $0.text(1))
        }
        var byPokemon: [Int: [String]] = [:]
        for (id, type) in types { byPokemon[id, default: []].append(type) }
        let view = try database.query(
            "SELECT pokemon_id, attacking_type, CAST(round(multiplier * 4) AS INTEGER) FROM pokemon_defense"
        ) { ($0.int(0), $0.text(1), Double($0.int(2)) / 4) }
        #expect(view.count == byPokemon.count * attackers.count && !view.isEmpty)
        for (id, attacker, multiplier) in view {
            #expect(
                matchups.multiplier(attacking: attacker, defending: byPokemon[id] ?? []).value == multiplier,
                "\(id) attacked by \(attacker)")
        }
    }
}
