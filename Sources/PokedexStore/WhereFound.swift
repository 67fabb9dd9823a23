/// Where a Pokémon is met in one version group's games, as `show` sums it up, and every
/// encounter stored for it in any game (for `--json`).
public struct WhereFound: Sendable, Equatable {
    public let versionGroup: String
    public let groupName: String
    public let places: [EncounterPlace]
    public let encounters: [WildEncounter]
    /// Whether PokeAPI gives any Pokémon's encounters in the group's games: where it gives
    /// none (Scarlet/Violet), no place says nothing of the Pokémon.
    public var groupHasEncounters = true
}
