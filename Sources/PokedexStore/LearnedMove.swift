/// One way a Pokémon learns a move in one version group, as its body's `moves` give it: the
/// method (`level-up`, `machine`, `egg`, `tutor`, …) and, for `level-up`, the level (0
/// otherwise, and for moves learnt on evolving).
public struct LearnedMove: Sendable, Equatable {
    public let move: String
    public let versionGroup: String
    public let method: String
    public let level: Int
    /// PokeAPI's order among moves learnt at one level, where it gives one.
    public let order: Int?

    public init(move: String, versionGroup: String, method: String, level: Int, order: Int?) {
        self.move = move
        self.versionGroup = versionGroup
        self.method = method
        self.level = level
        self.order = order
    }
}
