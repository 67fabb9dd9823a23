/// A place a Pokémon is met in the games of one version group: the ways there summed up
/// (methods, the level range, the best chance of one encounter slot).
public struct EncounterPlace: Sendable, Equatable {
    public let area: String
    public let displayName: String
    public let methods: [String]
    public let minLevel: Int?
    public let maxLevel: Int?
    public let chance: Int?
}
