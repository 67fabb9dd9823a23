import Testing

@testable import PokedexCLI
@testable import PokedexStore

/// What a database edited by hand can hold: queries format it, never trap on it.
@Suite("hostile stored values are formatted safely")
struct HostileStoredValuesTests {
    static func profile(height: Int, weight: Int, stats: [Int]) -> PokemonProfile {
        PokemonProfile(
            summary: PokemonSummary(
                id: 25, name: "pikachu", url: "u", types: ["electric"], artwork: Artwork(url: "a", derived: false)),
            hasDetails: true, height: height, weight: weight, baseExperience: Int.min, order: Int.max,
            speciesName: "pikachu", abilities: [],
            stats: stats.enumerated().map { .init(name: "s\($0.offset)", baseStat: $0.element, effort: Int.min) })
    }

    @Test(
        "heights and weights keep their sign, Int.min included",
        arguments: [
            (4, "0.4 m"), (-1, "-0.1 m"), (-25, "-2.5 m"), (0, "0.0 m"), (Int.max, "922337203685477580.7 m"),
            (Int.min, "-922337203685477580.8 m"),
        ])
    func decimals(tenths: Int, expected: String) {
        #expect(PokemonText.decimal(tenths, unit: "m") == expected)
    }

    @Test(
        "a stats total that overflows is shown as out of range",
        arguments: [
            ([35, 55], "90"), ([Int.max, 1], "out of range"), ([Int.min, -1], "out of range"),
            ([Int.max, Int.min], "-1"),
        ] as [([Int], String)])
    func totals(stats: [Int], expected: String) {
        let text = PokemonText.profile(Self.profile(height: -3, weight: Int.min, stats: stats)).text
        #expect(text.split(separator: "\n").last?.hasSuffix(" " + expected) == true, "\(text)")
        #expect(text.contains("-0.3 m"))
    }

    @Test("sizes and durations of any magnitude format without trapping")
    func quantities() {
        #expect(Quantities.fixed(.nan, decimals: 2) == "nan")
        #expect(Quantities.fixed(.infinity, decimals: 1) == "inf")
        #expect(Quantities.fixed(-1.25, decimals: 2) == "-1.25")
        #expect(Quantities.fixed(1e300, decimals: 1) == "1e+300")
        #expect(Quantities.bytes(Int.max).hasSuffix(" MB"))
        #expect(Quantities.seconds(.seconds(Int64.max)).hasSuffix(" s"))
    }
}
