/// `pokedex type NAME`.
public struct TypeEntry: Sendable {
    public let type: NamedType
    public let generation: String?
    /// Whether its damage relations are synced.
    public let hasDetails: Bool
    /// What its moves do to each defending type, grouped by multiplier (2×, ½×, 0×).
    public let damageDealt: [(TypeMatchups.Multiplier, [NamedType])]
    /// What each attacking type's moves do to it.
    public let damageTaken: [(TypeMatchups.Multiplier, [NamedType])]
    public let pokemon: [ListedPokemon]
}
