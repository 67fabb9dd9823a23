/// A Pokémon in the list pane.
public struct PokemonRow: Equatable, Sendable {
    public let id: Int
    /// `#0025`.
    public let number: String
    /// In the display language, with its form (`Raichu (Alola)`).
    public let name: String
    /// Each type's display name in its colour.
    public let types: StyledLine
    /// The slug, types and generation at first; names and abilities once the search index is read.
    public internal(set) var keys: SearchKeys

    public init(id: Int, number: String, name: String, types: StyledLine, keys: SearchKeys) {
        self.id = id
        self.number = number
        self.name = name
        self.types = types
        self.keys = keys
    }
}
