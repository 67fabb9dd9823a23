import Testing

@testable import PokedexStore

/// The rowid ranges a list page's stored rows are read in.
@Suite("List entry ranges")
struct ListEntryRangesTests {
    @Test(
        "sorted ids become runs without a gap wider than rangeGap",
        arguments: [
            ([], []), ([7], [7...7]), ([1, 2, 3, 5], [1...5]), ([1, 65], [1...65]), ([1, 66], [1...1, 66...66]),
            // PokeAPI's second page of Pokémon: the last species, then the forms.
            (Array(1001...1025) + Array(10001...10277), [1001...1025, 10001...10277]),
            // A hostile page: two ids at the ends of the range read two rows, not the table.
            ([1, 1_000_000], [1...1, 1_000_000...1_000_000]),
        ] as [([Int], [ClosedRange<Int>])])
    func runs(ids: [Int], expected: [ClosedRange<Int>]) {
        #expect(ListEntryTable.ranges(of: ids).map { $0.first...$0.last } == expected)
    }
}
