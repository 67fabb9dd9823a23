import LocalDatabase

extension SyncResource {
    /// What progress, summaries and errors call the resource: `Pokémon catalog`, `types`,
    /// `apple/swift issues`; a PokeAPI kind pokedex does not declare, by its name.
    public var title: String {
        switch self {
        case .pokeAPI(let kind): PokeAPIResources.resource(kind)?.title ?? kind.name
        case .artwork: "artwork"
        case .issues(let name, _): "\(name) issues"
        }
    }
}
