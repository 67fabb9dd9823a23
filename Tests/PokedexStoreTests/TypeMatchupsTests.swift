import BodyCoding
import Foundation
import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
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
        try PokedexEntryFixture.install(into: database)
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

/// Matchups from the type bodies a sync stored: a partial sync stores only its Pokémon's types,
/// whose `_from` lists must then carry every attacker, synced or not.
@Suite("Type matchups from stored type bodies")
struct StoredTypeMatchupsTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
    }

    /// `type`'s details as the chart fixture gives them.
    static func chartDetails(_ type: String) -> TypeDetails {
        func relations(_ pairs: [(String, Double)]) -> [DamageRelation] {
            pairs.map { DamageRelation(type: $0.0, typeID: TypeChartFixture.id(of: $0.0), multiplier: $0.1) }
        }
        let to = TypeChartFixture.attacking[type] ?? ([], [], [])
        let from = [2.0, 0.5, 0].flatMap { value in
            TypeChartFixture.names.filter { TypeChartFixture.multiplier($0, type) == value }.map { ($0, value) }
        }
        return TypeDetails(
            id: TypeChartFixture.id(of: type), name: type, generation: nil, moveDamageClass: nil,
            names: [LocalizedName(language: "en", name: type.prefix(1).uppercased() + type.dropFirst())],
            damageTo: relations(to.double.map { ($0, 2) } + to.half.map { ($0, 0.5) } + to.none.map { ($0, 0) }),
            damageFrom: relations(from))
    }

    /// Only these types stored, as a sync stores them: whatever was stored before is removed.
    func storeOnly(_ types: [TypeDetails]) throws {
        try database.execute("DELETE FROM type_damage; DELETE FROM type")
        let store = TypeStore(database: database)
        for type in types {
            let url = "https://pokeapi.co/api/v2/type/\(type.id)/"
            try store.beginPage(entries: [ResourceListEntry(id: type.id, name: type.name, url: url)])
            try store.saveDetails(.init(id: type.id, fields: type, body: .compressing(Array("{}".utf8)), etag: nil))
            try store.commitPage()
        }
    }

    func defense(of types: [String]) throws -> [String] {
        let (matchups, attackers) = try PokedexEntryQueries(database: database).matchups()
        return matchups.defense(of: types, attackers: attackers).map { "\($0.0.label) \($0.1.joined(separator: ","))" }
    }

    @Test(
        "with only the Pokémon's own types stored, every attacker is counted, in PokeAPI's id order",
        arguments: [
            (["electric"], ["2× ground", "½× flying,steel,electric"]),  // Pikachu
            (["fire"], ["2× ground,rock,water", "½× bug,steel,fire,grass,ice,fairy"]),  // Vulpix
            (["water", "flying"], ["4× electric", "2× rock", "½× fighting,bug,steel,fire,water", "0× ground"]),
            (
                ["grass", "dragon"],
                ["4× ice", "2× flying,poison,bug,dragon,fairy", "½× ground", "¼× water,grass,electric"]
            ),
            (["normal", "ghost"], ["2× dark", "½× poison,bug", "0× normal,fighting,ghost"]),
        ] as [([String], [String])])
    func partial(types: [String], expected: [String]) throws {
        try storeOnly(types.map(Self.chartDetails))
        #expect(try defense(of: types) == expected)
    }

    /// Every single and dual type of `types`: stored alone, they give the matchups all of them give.
    func expectPartialEqualsFull(_ all: [TypeDetails]) throws {
        try storeOnly(all)
        let names = all.map(\.name).filter { name in TypeChartFixture.names.contains(name) }
        var full: [[String]: [String]] = [:]
        var combinations = names.map { [$0] }
        for (index, first) in names.enumerated() { combinations += names[(index + 1)...].map { [first, $0] } }
        for types in combinations { full[types] = try defense(of: types) }
        for types in combinations {
            try storeOnly(all.filter { types.contains($0.name) })
            #expect(try defense(of: types) == full[types], "\(types)")
        }
        #expect(combinations.count == 18 + 153)
    }

    @Test("every single and dual type: its own bodies alone give what all 18 give (the chart)")
    func partialEqualsFullChart() throws {
        try expectPartialEqualsFull(TypeChartFixture.names.map(Self.chartDetails))
    }

    @Test(
        "every single and dual type: its own real bodies alone give what all real bodies give, and the chart's",
        .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
    func partialEqualsFullReal() throws {
        var real: [TypeDetails] = []
        try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/type.jsonl.gz") { line in
            let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            let body = Data(try #require(record["body"] as? String).utf8)
            let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            let relations = try #require(raw["damage_relations"] as? [String: [[String: String]]])
            func side(_ side: String) throws -> [DamageRelation] {
                try [("double", 2.0), ("half", 0.5), ("no", 0)].flatMap { list, value in
                    try (relations["\(list)_damage_\(side)"] ?? []).map {
                        DamageRelation(
                            type: try #require($0["name"]), typeID: try PokemonResource.id(fromURL: $0["url"] ?? ""),
                            multiplier: value)
                    }
                }
            }
            real.append(
                TypeDetails(
                    id: try #require(raw["id"] as? Int), name: try #require(raw["name"] as? String), generation: nil,
                    moveDamageClass: nil, names: [], damageTo: try side("to"), damageFrom: try side("from")))
        }
        #expect(real.count == 21, "18 types, stellar, unknown and shadow")
        try expectPartialEqualsFull(real)
        // The chart typed into the fixture is the real one.
        try storeOnly(real)
        let stored = try database.query(
            "SELECT attacking_type, defending_type, CAST(round(multiplier * 4) AS INTEGER) FROM type_damage"
        ) { ($0.text(0), $0.text(1), Double($0.int(2)) / 4) }
        #expect(stored.count == 120)
        for (attacking, defending, multiplier) in stored {
            #expect(TypeChartFixture.multiplier(attacking, defending) == multiplier, "\(attacking) → \(defending)")
        }
    }

    @Test("a pair two bodies disagree on is the attacker's once it is synced, in whichever order they are stored")
    func disagreeingBodies() throws {
        let fire = Self.chartDetails("fire")  // its _from lists: water's moves do 2× to it
        let chart = Self.chartDetails("water")
        let water = TypeDetails(
            id: chart.id, name: chart.name, generation: nil, moveDamageClass: nil, names: chart.names,
            damageTo: chart.damageTo.map {
                $0.type == "fire" ? DamageRelation(type: "fire", typeID: $0.typeID, multiplier: 0.5) : $0
            }, damageFrom: chart.damageFrom)
        func waterOnFire() throws -> Double {
            let (matchups, _) = try PokedexEntryQueries(database: database).matchups()
            return matchups.multiplier(attacking: "water", defending: ["fire"]).value
        }
        try storeOnly([fire])
        #expect(try waterOnFire() == 2, "water not synced: fire's _from list")
        var rows: [[String]] = []
        for order in [[fire, water], [water, fire]] {
            try storeOnly(order)
            #expect(try waterOnFire() == 0.5, "water synced: its own _to list, \(order.map(\.name))")
            rows.append(
                try database.query("SELECT * FROM type_damage ORDER BY 1, 2") {
                    "\($0.text(0))>\($0.text(1))=\($0.text(2))"
                })
        }
        #expect(rows[0] == rows[1] && !rows[0].isEmpty)
    }

    @Test("shadow, stellar and unknown (synced, no relations, no Pokémon) are no attackers; a type with Pokémon is")
    func inertTypes() throws {
        let inert = [(19, "stellar"), (10001, "unknown"), (10002, "shadow")].map { id, name in
            TypeDetails(
                id: id, name: name, generation: nil, moveDamageClass: nil, names: [], damageTo: [], damageFrom: [])
        }
        try storeOnly(TypeChartFixture.names.map(Self.chartDetails) + inert)
        let attackers = try PokedexEntryQueries(database: database).matchups().attackers
        #expect(attackers == TypeChartFixture.names)
        #expect(
            try database.query("SELECT name FROM matchup_type ORDER BY id") { $0.text(0) } == TypeChartFixture.names)
        try database.execute(
            """
            INSERT INTO pokemon (id, name, url, listed_at) VALUES (1, 'a', 'u', 't');
            INSERT INTO pokemon_type (pokemon_id, slot, type_name) VALUES (1, 1, 'stellar');
            """)
        #expect(
            try PokedexEntryQueries(database: database).matchups().attackers == TypeChartFixture.names + ["stellar"])
        #expect(
            try database.queryFirst("SELECT count(*) FROM pokemon_defense WHERE multiplier <> 1") { $0.int(0) } == 0)
    }

    @Test("after a partial store, pokemon_defense lists every attacker with the computation's multiplier")
    func viewAfterPartialStore() throws {
        let stored = ["electric", "fire"].map(Self.chartDetails)
        try storeOnly(stored)
        try database.execute(
            """
            INSERT INTO pokemon (id, name, url, listed_at) VALUES (25, 'pikachu', 'u', 't'), (37, 'vulpix', 'u', 't');
            INSERT INTO pokemon_type (pokemon_id, slot, type_name) VALUES (25, 1, 'electric'), (37, 1, 'fire');
            """)
        let (matchups, attackers) = try PokedexEntryQueries(database: database).matchups()
        let named = Set(stored.flatMap { [$0.name] + ($0.damageTo + $0.damageFrom).map(\.type) })
        #expect(Set(attackers) == named && named.count == 12, "every type the two bodies name")
        let view = try database.query(
            """
            SELECT pokemon_id, attacking_type, CAST(round(multiplier * 4) AS INTEGER) FROM pokemon_defense
            ORDER BY pokemon_id, attacking_type
            """
        ) { ($0.int(0), $0.text(1), Double($0.int(2)) / 4) }
        #expect(view.count == 2 * named.count)
        for (id, attacker, multiplier) in view {
            let types = id == 25 ? ["electric"] : ["fire"]
            #expect(matchups.multiplier(attacking: attacker, defending: types).value == multiplier, "\(id) \(attacker)")
        }
        #expect(view.contains { $0 == (25, "steel", 0.5) } && view.contains { $0 == (37, "rock", 2) })
    }

    @Test("a database stored before migration 0012 gets the _from rows from its stored bodies, as a sync stores them")
    func migrationBackfill() throws {
        let old = try Database(path: directory.file("before.sqlite"))
        let all = try Migrator.embedded().migrations
        let both = try #require(all.firstIndex { $0.name.hasSuffix("_store_type_damage_from_both_sides") })
        try Migrator(migrations: Array(all[..<both])).migrate(old)
        let origin = "https://pokeapi.co/api/v2"
        for type in ["electric", "fire", "ground"] {
            let id = TypeChartFixture.id(of: type)
            try old.run(
                "INSERT INTO type (id, name, url, listed_at, details_synced_at) VALUES (?, ?, 'u', 't', 't')",
                [.int(id), .text(type)])
            try old.run(
                "INSERT INTO type_json (type_id, fetched_at, body) VALUES (?, 't', ?)",
                [.int(id), .text(TypeChartFixture.body(of: type, origin: origin))])
            // What 0007's sync stored: the _to lists only.
            let to = TypeChartFixture.attacking[type] ?? ([], [], [])
            for (defending, multiplier) in to.double.map({ ($0, 2.0) }) + to.half.map({ ($0, 0.5) })
                + to.none.map({ ($0, 0) })
            {
                try old.run(
                    "INSERT INTO type_damage (attacking_type, defending_type, multiplier) VALUES (?, ?, ?)",
                    [.text(type), .text(defending), .real(multiplier)])
            }
        }
        try Migrator(migrations: all).migrate(old)
        try storeOnly(["electric", "fire", "ground"].map(Self.chartDetails))
        let sql = """
            SELECT attacking_type, attacking_type_id, defending_type, defending_type_id, multiplier FROM type_damage
            ORDER BY attacking_type, defending_type
            """
        func rows(_ database: Database) throws -> [String] {
            try database.query(sql) { "\($0.text(0))#\($0.text(1))>\($0.text(2))#\($0.text(3))=\($0.text(4))" }
        }
        let migrated = try rows(old)
        #expect(migrated == (try rows(database)))
        #expect(migrated.contains("steel#9>electric#13=0.5") && migrated.contains("water#11>fire#10=2.0"))
    }
}
