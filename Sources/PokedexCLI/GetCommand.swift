import PokedexStore

/// `pokedex get KIND/ID`: one stored PokeAPI body, exactly as the server sent it.
public struct GetCommand: Equatable, Sendable {
    public var path: StoredResourcePath
    /// `-o FILE`; nil writes to standard output.
    public var outputPath: String?
}
