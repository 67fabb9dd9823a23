#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONScanner {
    /// `{"count": Int, "next": String?, "results": [{"name", "url"}], …}`; a result without a
    /// name has an empty one, which a named kind's walk refuses.
    mutating func pokemonListPage() throws(JSONScanFailure) -> PokemonListPage {
        try beginObject()
        var count: Int?, next: String?, results: [NamedResource]?
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "count") {
                count = try int()
            } else if key(k, is: "next") {
                next = try optionalString()
            } else if key(k, is: "results") {
                results = []
                try eachElement { scanner throws(JSONScanFailure) in results?.append(try scanner.listEntry()) }
            } else {
                try skipValue()
            }
        }
        guard let count else { throw fail("missing \"count\"") }
        guard let results else { throw fail("missing \"results\"") }
        return PokemonListPage(count: count, next: next, results: results)
    }
}
