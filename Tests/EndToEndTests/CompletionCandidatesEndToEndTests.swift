import Foundation
import TestSupport
import Testing

/// `pokedex __complete KIND PREFIX`, the command the completion scripts run at each Tab: the
/// stored names it prints, and that whatever goes wrong it prints nothing and exits 0.
@Suite("Completion candidates end to end")
struct CompletionCandidatesEndToEndTests {
    let fixture: CompletionFixture

    init() throws {
        fixture = try CompletionFixture()
    }

    @Test(
        "names of each kind that start with the prefix, in any case, one a line, in the stored order",
        arguments: [
            (["pokemon", "pi"], ["pikachu", "pichu"]),
            (["pokemon", "PI"], ["pikachu", "pichu"]),
            (["pokemon", "nidoran-"], ["nidoran-f", "nidoran-m"]),
            (["type", "fi"], ["fighting", "fire"]),
            (["ability", "st"], ["static", "steadfast", "steely-spirit"]),
            (["language", "zh"], ["zh-hans", "zh-hant"]),
            (["repository", "ACME/"], ["acme/anvil", "acme/rocket"]),
            (["issue", "acme/r"], ["acme/rocket#"]),
            (["pokemon", "zz"], []),
            (["pokemon", "%"], []),
            (["pokemon", "_"], []),
            (["pokemon", "pi'; DROP TABLE pokemon; --"], []),
            (["pokemon", String(repeating: "pi", count: 5_000)], []),
            (["move", "thunder"], ["thunder-punch", "thunderbolt"]),
            (["item", "k"], ["kings-rock"]),
            (["location", "VIR"], ["viridian-forest"]),
            (["game", "s"], ["scarlet-violet"]),
            (["kinds", "move-t"], ["move-target"]),
            (
                ["kinds", "move,it"],
                [
                    "move,item", "move,item-attribute", "move,item-category", "move,item-fling-effect",
                    "move,item-pocket",
                ]
            ),
            (
                ["kinds", "item,move,item-"],
                [
                    "item,move,item-attribute", "item,move,item-category", "item,move,item-fling-effect",
                    "item,move,item-pocket",
                ]
            ),
            (["kinds", "nope"], []),
            (["gizmo", "pi"], []),
            (["pokemon", "pi", "extra"], []),
            ([], []),
        ] as [([String], [String])])
    func candidates(arguments: [String], expected: [String]) throws {
        let result = try fixture.pokedex(["__complete"] + arguments.prefix(1) + ["--"] + arguments.dropFirst())
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout == expected.map { $0 + "\n" }.joined())
    }

    @Test("every stored Pokémon for an empty prefix")
    func everyPokemon() throws {
        let names = try fixture.pokedex(["__complete", "pokemon"]).stdout.split(separator: "\n")
        #expect(names.count == 25)
        #expect(names.prefix(3) == ["charmander", "charmeleon", "charizard"])
        #expect(names.contains("raichu-alola") && names.contains("meowth-galar"))
    }

    @Test("PokeAPI's kinds with no database at all: they are declared, not stored")
    func kindsWithoutDatabase() throws {
        let result = try PokedexProcess.run(
            ["--db", fixture.directory.file("none"), "__complete", "kinds", "--", "pokemon-s"])
        #expect(result.status == 0 && result.stdout == "pokemon-shape\npokemon-species\n", "\(result.stderr)")
    }

    @Test(
        "nothing and exit 0, whatever is wrong with the database",
        arguments: ["missing", "empty", "text", "directory"])
    func brokenDatabase(kind: String) throws {
        let path = fixture.directory.file("broken-" + kind)
        switch kind {
        case "empty": try Data().write(to: URL(fileURLWithPath: path))
        case "text": try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: path))
        case "directory": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        default: break
        }
        let result = try PokedexProcess.run(["--db", path, "__complete", "pokemon", "--", "pi"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("nothing and exit 0 when no database can be found (no --db, POKEDEX_DB or HOME)")
    func noLocation() throws {
        let result = try PokedexProcess.run(["__complete", "pokemon", "--", "pi"], environment: ["HOME": ""])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("the database named by POKEDEX_DB, read without a byte of it changing")
    func readOnly() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
        let result = try PokedexProcess.run(
            ["__complete", "type", "--", "fi"], environment: ["POKEDEX_DB": fixture.database])
        #expect(result.stdout == "fighting\nfire\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == before)
    }
}
