/// A PokeAPI resource kind, by its endpoint's name (`pokemon-species`): also its name in
/// `sync_resource`, `sync_run` and `status --json`. What pokedex knows of each kind it stores is
/// declared once, in `PokeAPIResources`.
public struct PokeAPIKind: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public static let pokemon = PokeAPIKind("pokemon")

    public var description: String { name }
}
