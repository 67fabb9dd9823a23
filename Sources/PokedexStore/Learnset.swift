/// A Pokémon's moves in one version group, as `show` lists them.
public struct Learnset: Sendable, Equatable {
    public let versionGroup: String
    public let moves: [LearnedMove]
}
