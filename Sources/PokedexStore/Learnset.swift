/// A Pokémon's moves in one version group, as `show` lists them.
public struct Learnset: Sendable, Equatable {
    public let versionGroup: String
    public let moves: [LearnedMove]
    /// The group as players know it (`Scarlet/Violet`) and its moves' names, in the display
    /// language where stored (moves not stored are missing).
    public let groupName: String
    public let moveNames: [String: String]
    /// The names of the ways of learning stored (``PokedexEntryQueries/learnMethodNames()``).
    public let methodNames: [String: String]
    /// Whether PokeAPI gives any Pokémon's moves in the group's games: where it gives none (The
    /// Isle of Armor), no move says nothing of the Pokémon.
    public var groupHasMoves = true

    public init(
        versionGroup: String, moves: [LearnedMove], groupName: String, moveNames: [String: String],
        methodNames: [String: String] = [:]
    ) {
        self.versionGroup = versionGroup
        self.moves = moves
        self.groupName = groupName
        self.moveNames = moveNames
        self.methodNames = methodNames
    }
}
