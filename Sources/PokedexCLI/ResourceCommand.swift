/// `pokedex move NAME`, `item NAME`, `location NAME`: one stored resource of a kind kept as
/// bodies, read through its typed tables.
public struct ResourceCommand: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case move, item, location
    }

    public var kind: Kind
    public var query: String
    /// The version group whose learners, text or encounters are shown (`--game`).
    public var game: String?
    public var json = false
    public var language: String?
}
