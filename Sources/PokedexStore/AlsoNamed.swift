public struct AlsoNamed: Sendable, Equatable {
    /// The Pokémon's slug.
    public let pokemon: String
    public let displayName: String
    /// Languages in which the query names it.
    public let languages: [String]
}
