import BodyCoding

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
    /// `sprites.front_default` and `sprites.front_shiny`: the images `sync --artwork` stores.
    public let spriteURL: String?
    public let shinySpriteURL: String?
    /// The URLs the body gives for its species, its types (as `types`) and its abilities (as
    /// `abilities`): a partial sync follows them to what the Pokémon's entry needs.
    public let speciesURL: String?
    public let typeURLs: [String]
    public let abilityURLs: [String]
    /// The learnset: every move, version group, method and level the body gives.
    public let moves: [LearnedMove]

    public init(
        id: Int, name: String, height: Int?, weight: Int?, baseExperience: Int?, order: Int?,
        speciesName: String?, types: [String], abilities: [Ability], stats: [Stat],
        officialArtworkURL: String?, speciesURL: String? = nil, typeURLs: [String] = [], abilityURLs: [String] = [],
        spriteURL: String? = nil, shinySpriteURL: String? = nil, moves: [LearnedMove] = []
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
        self.speciesURL = speciesURL
        self.typeURLs = typeURLs
        self.abilityURLs = abilityURLs
        self.spriteURL = spriteURL
        self.shinySpriteURL = shinySpriteURL
        self.moves = moves
    }
}
extension PokemonDetails {
    /// The ranges a detail's numbers must fall in to be stored. Real PokeAPI data (1,351
    /// Pokémon) has ids 1…10326, height 1…1000 dm, weight 0…10000 hg, base experience 36…608,
    /// order -1…1109, base stats 1…255, effort 0…3, slots 1…3; the ranges leave room for
    /// growth while keeping every sum `show` makes (a total of stats) far from overflow.
    public enum Limits {
        public static let id = 1...1_000_000
        /// Decimetres: up to 10 km.
        public static let height = 0...100_000
        /// Hectograms: up to 1,000 t.
        public static let weight = 0...10_000_000
        public static let baseExperience = 0...100_000
        /// -1 is PokeAPI's "no place in the order".
        public static let order = -1...1_000_000
        public static let baseStat = 0...1_000
        public static let effort = 0...255
        public static let slot = 1...100
        /// Entries in each list (types, abilities, stats).
        public static let entries = 0...1_000
        /// Learnset rows: real Pokémon have up to ≈1,900 (mew).
        public static let learnset = 0...100_000
        public static let level = 0...1_000
    }

    /// What is out of ``Limits``, described for an error message; nil when everything is in range.
    public var rangeViolation: String? {
        func outside(_ name: String, _ value: Int?, _ range: ClosedRange<Int>) -> String? {
            guard let value, !range.contains(value) else { return nil }
            return "\(name) \(value) is outside \(range.lowerBound)…\(range.upperBound)"
        }
        let fields: [String?] =
            [
                outside("id", id, Limits.id), outside("height", height, Limits.height),
                outside("weight", weight, Limits.weight),
                outside("base_experience", baseExperience, Limits.baseExperience),
                outside("order", order, Limits.order),
                outside("number of types", types.count, Limits.entries),
                outside("number of abilities", abilities.count, Limits.entries),
                outside("number of stats", stats.count, Limits.entries),
                outside("number of learnset rows", moves.count, Limits.learnset),
                moves.lazy.compactMap { outside("a move's level", $0.level, Limits.level) }.first,
            ]
            + abilities.map { outside("ability slot", $0.slot, Limits.slot) }
            + stats.flatMap {
                [
                    outside("base_stat of \($0.name)", $0.baseStat, Limits.baseStat),
                    outside("effort", $0.effort, Limits.effort),
                ]
            }
        return fields.lazy.compactMap { $0 }.first
    }
}
