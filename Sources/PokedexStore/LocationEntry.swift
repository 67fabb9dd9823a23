/// What `location` shows: a place, its region, and per area what is met there in the chosen
/// version group's games.
public struct LocationEntry: Sendable, Equatable {
    /// One Pokémon met in an area: how, at which levels, with which best chance of any version
    /// (``VersionEncounter/chance``), in which versions, and each version's part.
    public struct Appearance: Sendable, Equatable {
        public let pokemon: String
        /// Its form's name as `list` gives it ("Zigzaton de Galar"), else its species' name
        /// with `form`, what its slug adds to the species' (`galar`).
        public var displayName: String
        public var form: String? = nil
        public let methods: [String]
        public let minLevel: Int?
        public let maxLevel: Int?
        public let chance: Int?
        /// In a game's view, the time of day every encounter of a method shares, by method
        /// (``VersionEncounter/times``).
        public var times: [String: String] = [:]
        public let versions: [String]
        /// Each version's part, in a game's view (`versionGroup` not nil); else none.
        public var byVersion: [VersionEncounter] = []
        /// Whether the group's versions tell apart here (``VersionEncounter/differ(_:groupVersions:)``).
        public var differsByVersion = false
    }

    public struct Area: Sendable, Equatable {
        public let name: String
        public let displayName: String
        public let appearances: [Appearance]
    }

    public let name: String
    public let displayName: String
    public let region: String?
    public let regionName: String?
    /// A version group, by slug and as people name it ("Red/Blue").
    public struct Game: Sendable, Equatable {
        public let name: String
        public let displayName: String
    }

    /// The group shown: `--game`'s, else the newest anything is met here in; nil when no
    /// encounter here is stored with its version's group (its `version` row not synced), and
    /// then the areas list every game's encounters together.
    public let versionGroup: String?
    public let groupName: String?
    /// Every group something is met here in, newest first.
    public let games: [Game]
    public let areas: [Area]
    /// Whether a sync took every area, and every Pokémon's encounters: then a place with no
    /// area stored, or an area with nothing met in it, is one PokeAPI lists none for (383 of
    /// its 1,104 places have no area), not one a sync left out.
    public var allAreasStored = false
    public var allEncountersStored = false
}
