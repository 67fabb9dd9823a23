/// A place a Pokémon is met in the games of one version group: the ways there summed up
/// (methods, the level range, the best chance of meeting it there of any version), and each
/// version's part where they differ.
public struct EncounterPlace: Sendable, Equatable {
    public let area: String
    public let displayName: String
    public let methods: [String]
    public let minLevel: Int?
    public let maxLevel: Int?
    public let chance: Int?
    /// The time of day every encounter of a method here shares, by method
    /// (``VersionEncounter/times``).
    public var times: [String: String] = [:]
    /// Each version's part, in the versions' order.
    public var versions: [VersionEncounter] = []
    /// Whether the group's versions tell apart here (``VersionEncounter/differ(_:groupVersions:)``).
    public var differsByVersion = false
}
