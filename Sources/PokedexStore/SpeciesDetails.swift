import SQLiteDatabase

/// The fields of a `/pokemon-species/{id}` body that pokedex stores in columns.
public struct SpeciesDetails: Sendable, Equatable {
    public struct Name: Sendable, Equatable {
        public let language: String
        public var name: String? {
            didSet { foldedName = name.map(NameFolding.fold) }
        }
        public var genus: String?
        /// `name` folded for search (``NameFolding``): made where the body is scanned, so that
        /// the writer, which the species keep busy, does not.
        public private(set) var foldedName: String?
        public init(language: String, name: String?, genus: String?) {
            self.language = language
            self.name = name
            self.genus = genus
            foldedName = name.map(NameFolding.fold)
        }
    }

    public struct FlavorText: Sendable, Equatable {
        public let language: String
        public let version: String
        /// Cleaned (``FlavorTextCleaning``).
        public let text: String
        public init(language: String, version: String, text: String) {
            self.language = language
            self.version = version
            self.text = text
        }
    }

    public struct Variety: Sendable, Equatable {
        public let pokemonName: String
        public let pokemonURL: String
        public let isDefault: Bool
        public init(pokemonName: String, pokemonURL: String, isDefault: Bool) {
            self.pokemonName = pokemonName
            self.pokemonURL = pokemonURL
            self.isDefault = isDefault
        }
    }

    public var id: Int
    public var name: String
    public var order: Int?
    public var generation: String?
    public var generationNumber: Int?
    public var isLegendary: Bool?
    public var isMythical: Bool?
    public var isBaby: Bool?
    public var color: String?
    public var shape: String?
    public var habitat: String?
    public var captureRate: Int?
    public var baseHappiness: Int?
    public var genderRate: Int?
    public var hatchCounter: Int?
    public var growthRate: String?
    public var evolvesFrom: String?
    public var evolutionChainURL: String?
    public var evolutionChainID: Int?
    /// `names` and `genera` merged by language, in order of first appearance.
    public var names: [Name]
    public var flavorTexts: [FlavorText]
    public var eggGroups: [String]
    public var varieties: [Variety]

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
        names = []
        flavorTexts = []
        eggGroups = []
        varieties = []
    }

    public var violation: String? {
        typealias L = ResourceLimits
        let numbers: [String?] = [
            L.outside("id", id, L.id), L.outside("order", order, L.order),
            L.outside("capture_rate", captureRate, L.byte), L.outside("base_happiness", baseHappiness, L.byte),
            L.outside("gender_rate", genderRate, L.genderRate),
            L.outside("hatch_counter", hatchCounter, L.hatchCounter),
            L.outside("evolution chain id", evolutionChainID, L.id),
            L.outside("generation number", generationNumber, L.id),
        ]
        let lists: [String?] = [
            L.outside("number of names", names.count, L.entries),
            L.outside("number of flavor texts", flavorTexts.count, L.entries),
            L.outside("number of egg groups", eggGroups.count, L.entries),
            L.outside("number of varieties", varieties.count, L.entries),
        ]
        return (numbers + lists).lazy.compactMap { $0 }.first
    }
}
