import PokedexStore
import Testing

@testable import PokedexCLI

/// The base stats' lines: each stat by its stored name in the display language, else by its
/// slug's words, the names' column as wide as the widest.
@Suite("Stat lines")
struct StatLinesTests {
    static let stats = [
        PokemonDetails.Stat(name: "hp", baseStat: 35, effort: 0),
        PokemonDetails.Stat(name: "special-attack", baseStat: 50, effort: 0),
    ]

    @Test(
        "stored names first, slugs' words else",
        arguments: [
            ([:], ["  HP               35", "  Special Attack   50"]),
            (["stat/special-attack": "Spezial-Angriff"], ["  HP                35", "  Spezial-Angriff   50"]),
        ])
    func names(names: [String: String], expected: [String]) {
        let lines = PokemonText.statLines(Self.stats, width: 20, names: names).map { $0.rendered(nil).text }
        #expect(Array(lines.dropFirst().prefix(2)) == expected)
    }
}
