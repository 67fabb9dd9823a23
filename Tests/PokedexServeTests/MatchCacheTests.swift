import Testing

@testable import PokedexServe

@Suite("Kept link positions")
struct MatchCacheTests {
    /// Matches of `count` links, 5 bytes each.
    static func matches(_ count: Int) -> LinkRewriter.Matches {
        var matches = LinkRewriter.Matches(capacity: count)
        for index in 0..<count { matches.append(offset: index * 10, replacement: 0) }
        return matches
    }

    @Test("past its bound the oldest entries go, in order, however many are kept")
    func evictsOldestFirst() {
        // Each entry: 20 matches (100 bytes) + a 5-byte tag + 64 = 169 bytes; ten fit in 1,700.
        let cache = MatchCache(limit: 1_700)
        for index in 1_000..<2_000 { cache.keep(Self.matches(20), for: "t\(index)") }
        #expect(cache.tags == (1_990..<2_000).map { "t\($0)" })
        #expect(cache.matches("t1989") == nil && cache.matches("t1999")?.offsets.count == 20)
    }

    @Test("a tag kept again is counted once and keeps its place")
    func keptAgain() {
        let cache = MatchCache(limit: 400)
        cache.keep(Self.matches(20), for: "t000")
        cache.keep(Self.matches(20), for: "t000")
        cache.keep(Self.matches(20), for: "t001")
        #expect(cache.tags == ["t000", "t001"])
        cache.keep(Self.matches(20), for: "t002")
        #expect(cache.tags == ["t001", "t002"])
    }
}
