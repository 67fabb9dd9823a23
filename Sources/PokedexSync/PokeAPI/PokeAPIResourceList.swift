import PokedexStore

extension PokeAPIResource {
    /// The list's path under the base URL (`type/`).
    var listPath: String { kind.name + "/" }

    /// The list page a walk from `offset` asks for first (a prefetch of it asks the same).
    func firstListPage(offset: Int, _ options: ResourceSyncOptions) -> PokeAPIEndpoint {
        .list(path: listPath, offset: offset, limit: min(max(1, options.listPageSize), options.limit ?? Int.max))
    }
}
