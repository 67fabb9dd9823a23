/// A due Pokédex search, ready to run on another thread: its query was parsed on the loop's
/// (which alone reads the database), and it holds the catalog it searches, so keys typed
/// meanwhile change nothing it reads.
public struct PokemonSearchJob: Sendable {
    public let request: SearchRequest
    let query: PokemonQuery
    let catalog: PokedexCatalog

    /// Indices into the catalog's rows, best first; nil when a newer text cancelled it.
    public func run() -> [Int]? {
        PokemonSearch.results(for: query, in: catalog) { request.cancellation.isCancelled }
    }
}
