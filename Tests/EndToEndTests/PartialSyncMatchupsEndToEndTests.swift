import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// A partial sync stores only its Pokémon's types; their `_from` lists must still give every
/// weakness and resistance, against types never synced (issue 12 review). The fake serves the
/// real type chart (`TypeChartFixture`) in place of its generated relations.
@Suite("pokedex sync --limit, then show and type: matchups against types not synced")
struct PartialSyncMatchupsEndToEndTests {
    let directory: TemporaryDirectory
    let database: String
    let api: FakePokeAPI

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
        api = try FakePokeAPI(catalog: [
            .synthetic(id: 25, name: "pikachu", types: ["electric"]),
            .synthetic(id: 37, name: "vulpix", types: ["fire"]),
            .synthetic(id: 130, name: "gyarados", types: ["water", "flying"]),
        ])
        let origin = api.baseURL
        api.override = { request in
            let parts = request.path.split(separator: "/")
            guard parts.count == 4, parts[2] == "type", let id = Int(parts[3]),
                TypeChartFixture.names.indices.contains(id - 1)
            else { return nil }
            return .json(TypeChartFixture.body(of: TypeChartFixture.names[id - 1], origin: origin))
        }
    }

    func pokedex(_ arguments: String...) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: ["POKEAPI_BASE_URL": api.baseURL])
    }

    func lines(_ result: PokedexProcess.Result, _ prefixes: String...) -> [String] {
        result.stdout.split(separator: "\n").map(String.init).filter { line in prefixes.contains { line.hasPrefix($0) }
        }
    }

    @Test("pikachu and vulpix synced alone: show and type count Steel, Rock, Water, Bug, Ice; names read alike")
    func partialSync() throws {
        let sync = try pokedex("sync", "--limit", "2")
        #expect(sync.status == 0, "\(sync.stderr)")
        let types = api.server.requests.filter { $0.path.contains("/type/") }.map(\.path)
        #expect(Set(types) == ["/api/v2/type/10/", "/api/v2/type/13/"], "only the two Pokémon's types")

        let pikachu = try pokedex("show", "pikachu")
        #expect(pikachu.status == 0, "\(pikachu.stderr)")
        #expect(
            lines(pikachu, "Weak", "Resists", "Immune")
                == ["Weak        2× Ground", "Resists     ½× Flying, Steel, Electric"], "\(pikachu.stdout)")
        let vulpix = try pokedex("show", "vulpix")
        #expect(
            lines(vulpix, "Weak", "Resists", "Immune")
                == ["Weak        2× Ground, Rock, Water", "Resists     ½× Bug, Steel, Fire, Grass, Ice, Fairy"],
            "\(vulpix.stdout)")

        let electric = try pokedex("type", "electric")
        #expect(electric.status == 0, "\(electric.stderr)")
        #expect(
            lines(electric, "Deals", "Takes") == [
                "Deals 2×    Flying, Water", "Deals ½×    Grass, Electric, Dragon", "Deals 0×    Ground",
                "Takes 2×    Ground", "Takes ½×    Flying, Steel, Electric",
            ], "\(electric.stdout)")

        let json = try pokedex("show", "vulpix", "--json")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let defense = try #require(entry["defense"] as? [String: [String]])
        #expect(
            defense == ["2": ["ground", "rock", "water"], "0.5": ["bug", "steel", "fire", "grass", "ice", "fairy"]])

        let snapshot = try #require(try DatabaseSnapshot(of: database))
        #expect(
            try snapshot.rows(
                """
                SELECT p.name, d.attacking_type, d.multiplier FROM pokemon_defense AS d JOIN pokemon AS p ON p.id = d.pokemon_id
                WHERE d.attacking_type IN ('steel', 'rock') AND p.name IN ('pikachu', 'vulpix') ORDER BY 1, 2
                """)
                == [
                    ["t:pikachu", "t:rock", "r:1.0"], ["t:pikachu", "t:steel", "r:0.5"],
                    ["t:vulpix", "t:rock", "r:2.0"], ["t:vulpix", "t:steel", "r:0.5"],
                ])
    }

    @Test("what a partial sync did not take is not found, saying the data is partial until a whole sync")
    func partialDataSaysSo() throws {
        #expect(try pokedex("sync", "--limit", "2").status == 0)
        let partial = "; it holds a partial sync (offset 0 limit 2): a whole `pokedex sync` stores the rest"
        let missing = try pokedex("show", "gyarados")
        #expect(missing.status == 66)
        #expect(
            missing.errors == ["Error: no Pokémon named 'gyarados' in the local data" + partial], "\(missing.stderr)")
        let type = try pokedex("type", "dragon")
        #expect(type.errors.first?.hasSuffix(partial) == true, "\(type.stderr)")
        // A type that is stored lists the Pokémon stored: the note says how few.
        let note = "holds a partial sync (offset 0 limit 2): the Pokémon named here are those it stored"
        let electric = try pokedex("type", "electric")
        #expect(electric.status == 0 && electric.stderr.contains(note), "\(electric.stderr)")

        #expect(try pokedex("sync").status == 0)
        #expect(try !pokedex("type", "electric").stderr.contains(note))
        let unknown = try pokedex("show", "mewthree")
        #expect(unknown.errors == ["Error: no Pokémon named 'mewthree' in the local data"], "\(unknown.stderr)")
    }
}
