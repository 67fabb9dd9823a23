/// Every Pokémon listed, and the names filters accept for types and abilities.
public struct PokedexCatalog: Equatable, Sendable {
    public var rows: [PokemonRow]
    public var vocabulary: SearchVocabulary

    public init(rows: [PokemonRow] = [], vocabulary: SearchVocabulary = SearchVocabulary()) {
        self.rows = rows
        self.vocabulary = vocabulary
    }
}
