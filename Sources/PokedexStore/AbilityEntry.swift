/// `pokedex ability NAME`.
public struct AbilityEntry: Sendable {
    public let name: String
    public let displayName: String
    public let generation: String?
    public let shortEffect: String?
    public let effect: String?
    /// What the games print of it, in the display language, else English: the newest game's.
    public let gameText: MoveEntry.GameText?
    public let pokemon: [(pokemon: ListedPokemon, isHidden: Bool)]
}
