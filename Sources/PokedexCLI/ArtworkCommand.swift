import PokedexStore

/// `pokedex artwork NAME`: a stored image's PNG bytes.
public struct ArtworkCommand: Equatable, Sendable {
    public var query: String
    public var kind = ImageKind.sprite
    /// `-o FILE`; nil writes to standard output.
    public var outputPath: String?
}
