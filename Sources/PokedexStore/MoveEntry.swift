/// What `move` shows: a move's data, effect and game text, the machines that teach it, and
/// the stored Pokémon that learn it in one version group, and how.
public struct MoveEntry: Sendable, Equatable {
    /// A machine (`tm24`) teaching the move in a version group, with both names as shown.
    public struct Machine: Sendable, Equatable {
        public let versionGroup: String
        public let groupName: String
        public let item: String
        public let itemName: String
    }

    /// A game's text of the move, and the group whose games print it.
    public struct GameText: Sendable, Equatable {
        public let text: String
        public let versionGroup: String
        public let groupName: String
    }

    /// A Pokémon learning the move: the method, and for `level-up` the level (0 on evolving).
    public struct Learner: Sendable, Equatable {
        public let pokemon: ListedPokemon
        public let method: String
        public let level: Int
    }

    public let name: String
    public let displayName: String
    public let type: NamedType?
    public let damageClass: String?
    /// The damage class's name in the display language, else English, where stored.
    public let damageClassName: String?
    public let power: Int?
    public let accuracy: Int?
    public let pp: Int?
    public let priority: Int?
    public let target: String?
    /// The target's name in the display language, else English, where stored.
    public let targetName: String?
    public let effectChance: Int?
    public let generation: String?
    public let shortEffect: String?
    public let effect: String?
    public let gameText: GameText?
    public let machines: [Machine]
    /// The games its machines' items are in, teaching it or another move, in their order
    /// (`--game`'s only).
    public var machineGames: [GameGroup] = []
    /// By game, this move's machines that teach another move there (Gold/Silver's TM24,
    /// DragonBreath): what ends a run of them. PokeAPI lists few of some games' machines
    /// (Brilliant Diamond/Shining Pearl, the expansions), so a game merely without this move's
    /// machine ends none.
    public var itemsTeachingOtherMoves: [String: Set<String>] = [:]
    /// The group `learners` are of (`--game`, else the newest any stored Pokémon learns it in).
    public let versionGroup: String?
    public let groupName: String?
    public let learners: [Learner]
    /// Whether any Pokémon's learnset of that group is stored: none learning it then means none
    /// does, not that PokeAPI has no learnsets of the game (Legends: Z-A's).
    public var groupHasLearnsets = true
    /// The names of the ways of learning stored (``PokedexEntryQueries/learnMethodNames()``).
    public var methodNames: [String: String] = [:]
}
