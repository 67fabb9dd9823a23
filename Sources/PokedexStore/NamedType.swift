// What `show`, `type`, `ability` and `list` read beyond the Pokémon (species, evolution
// chains, types and abilities) comes with names in a display language. Every localized text
// falls back to English, then to the slug; nil or empty where nothing is synced yet.

/// A type with its display name.
public struct NamedType: Sendable, Equatable {
    public let name: String
    public let displayName: String

    public init(name: String, displayName: String) {
        self.name = name
        self.displayName = displayName
    }
}
