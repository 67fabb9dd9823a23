/// A game (version group) by its slug and display name: a step of a run of games that share one
/// label (a price, a machine).
public struct GameGroup: Sendable, Equatable {
    public let versionGroup: String
    public let groupName: String
}
