import LocalDatabase
import PokedexStore

/// The declared kinds as `sync_run` and the job's events name them, for expectations.
extension SyncResource {
    public static let types = SyncResource.pokeAPI(PokeAPIResources.type.kind)
    public static let abilities = SyncResource.pokeAPI(PokeAPIResources.ability.kind)
    public static let species = SyncResource.pokeAPI(PokeAPIResources.species.kind)
    public static let evolutionChains = SyncResource.pokeAPI(PokeAPIResources.evolutionChain.kind)
    /// Every kind a sync takes after the Pokémon from any server, in its order (the root
    /// index's kinds come after them, from servers that list them).
    public static let linked = PokeAPIResources.linked.filter { $0.reach != .indexed }.map {
        SyncResource.pokeAPI($0.kind)
    }
}
