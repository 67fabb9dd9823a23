import BodyCoding

/// A Pokémon as `show` presents it. The detail fields are nil until its details are synced.
public struct PokemonProfile: Sendable, Equatable {
    public let summary: PokemonSummary
    public let hasDetails: Bool
    public let height: Int?
    public let weight: Int?
    public let baseExperience: Int?
    public let order: Int?
    public let speciesName: String?
    public let abilities: [PokemonDetails.Ability]
    public let stats: [PokemonDetails.Stat]
}
