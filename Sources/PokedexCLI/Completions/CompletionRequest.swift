/// `pokedex __complete KIND PREFIX`: the stored names of a kind that start with a prefix.
public struct CompletionRequest: Equatable, Sendable {
    /// nil for a kind pokedex does not store, which completes to nothing.
    public var kind: StoredName?
    public var prefix: String

    /// From the command's arguments, never refused: a completion script gets an empty answer
    /// where anything else would get a usage error.
    init(arguments: [String]) {
        kind = arguments.count <= 2 ? arguments.first.flatMap(StoredName.init(rawValue:)) : nil
        prefix = arguments.count == 2 ? arguments[1] : ""
    }
}
