/// `pokedex ability NAME`.
public struct AbilityEntry: Sendable {
    public let name: String
    public let displayName: String
    public let generation: String?
    public let shortEffect: String?
    public let effect: String?
    public let pokemon: [(pokemon: ListedPokemon, isHidden: Bool)]
}
