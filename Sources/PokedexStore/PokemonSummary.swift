import BodyCoding

/// A Pokémon as the list shows it.
public struct PokemonSummary: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let url: String
    public let types: [String]
    public let artwork: Artwork
}
