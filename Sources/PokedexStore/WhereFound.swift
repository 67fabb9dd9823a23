/// Where a Pokémon is met in one version group's games, as `show` sums it up, and every
/// encounter stored for it in any game (for `--json`).
public struct WhereFound: Sendable, Equatable {
    public let versionGroup: String
    public let groupName: String
    public let places: [EncounterPlace]
    public let encounters: [WildEncounter]
}
