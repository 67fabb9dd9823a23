import Testing

@testable import PokedexCLI

@Suite("counts as people write them")
struct QuantitiesTests {
    @Test(
        "a count with its noun, thousands grouped, singular for one only",
        arguments: [
            (0, "request", nil, "0 requests"), (1, "request", nil, "1 request"), (999, "page", nil, "999 pages"),
            (1_353, "request", nil, "1,353 requests"), (1_000_000, "entry", "entries", "1,000,000 entries"),
            (-1_500, "day", nil, "-1,500 days"),
        ])
    func counted(count: Int, singular: String, plural: String?, expected: String) {
        #expect(Quantities.counted(count, singular, plural: plural) == expected)
    }

    @Test(
        "what is left of a budget, with its size when known",
        arguments: [(4_980, 5_000, "4,980 of 5,000 left"), (0, 60, "0 of 60 left"), (12, nil, "12 left")])
    func left(remaining: Int, limit: Int?, expected: String) {
        #expect(Quantities.left(remaining, of: limit) == expected)
    }
}
