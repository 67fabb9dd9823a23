/// One entry of PokeAPI's paginated `/pokemon` list.
public struct PokemonListEntry: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let url: String

    public init(id: Int, name: String, url: String) {
        self.id = id
        self.name = name
        self.url = url
    }
}

/// The fields of a Pokémon's detail that pokedex stores in columns; the full body is
/// stored as received beside them.
public struct PokemonDetails: Sendable, Equatable {
    public struct Ability: Sendable, Equatable {
        public let name: String
        public let isHidden: Bool
        public let slot: Int
        public init(name: String, isHidden: Bool, slot: Int) {
            self.name = name
            self.isHidden = isHidden
            self.slot = slot
        }
    }

    public struct Stat: Sendable, Equatable {
        public let name: String
        public let baseStat: Int
        public let effort: Int
        public init(name: String, baseStat: Int, effort: Int) {
            self.name = name
            self.baseStat = baseStat
            self.effort = effort
        }
    }

    public let id: Int
    public let name: String
    public let height: Int?
    public let weight: Int?
    public let baseExperience: Int?
    public let order: Int?
    public let speciesName: String?
    /// Type names in slot order.
    public let types: [String]
    public let abilities: [Ability]
    public let stats: [Stat]
    /// `sprites.other["official-artwork"].front_default`; nil where the API has none.
    public let officialArtworkURL: String?

    public init(
        id: Int, name: String, height: Int?, weight: Int?, baseExperience: Int?, order: Int?,
        speciesName: String?, types: [String], abilities: [Ability], stats: [Stat],
        officialArtworkURL: String?
    ) {
        self.id = id
        self.name = name
        self.height = height
        self.weight = weight
        self.baseExperience = baseExperience
        self.order = order
        self.speciesName = speciesName
        self.types = types
        self.abilities = abilities
        self.stats = stats
        self.officialArtworkURL = officialArtworkURL
    }
}

/// A detail body as downloaded, with the fields decoded from it.
public struct DownloadedDetails: Sendable {
    public let details: PokemonDetails
    public let body: [UInt8]
    public let etag: String?

    public init(details: PokemonDetails, body: [UInt8], etag: String?) {
        self.details = details
        self.body = body
        self.etag = etag
    }
}

/// A Pokémon as the list shows it.
public struct PokemonSummary: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let url: String
    public let types: [String]
    public let artwork: Artwork
}

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
