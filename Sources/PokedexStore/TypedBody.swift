/// A stored body read for its typed tables (migration 0022): its names, effects and flavor
/// texts where it has them, and each top-level field whose value is a scalar or a named
/// resource (kept by slug), from which the kind's ``TypedTable`` takes its columns.
public struct TypedBody: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case text(String)
        case integer(Int)
        case flag(Bool)
    }

    /// A flavor text of a move or an item: the version group whose games print it.
    public struct Flavor: Sendable, Equatable {
        public let versionGroup: String
        public let language: String
        public let text: String
        public init(versionGroup: String, language: String, text: String) {
            self.versionGroup = versionGroup
            self.language = language
            self.text = text
        }
    }

    /// A wild Pokémon holding an item in a version, `rarity` in percent.
    public struct Holder: Sendable, Equatable {
        public let pokemon: String
        public let version: String
        public let rarity: Int?
        public init(pokemon: String, version: String, rarity: Int?) {
            self.pokemon = pokemon
            self.version = version
            self.rarity = rarity
        }
    }

    /// What an item costs in a version group's games, in Poké Dollars.
    public struct Price: Sendable, Equatable {
        public let versionGroup: String
        public let purchase: Int?
        public let sell: Int?
        public init(versionGroup: String, purchase: Int?, sell: Int?) {
            self.versionGroup = versionGroup
            self.purchase = purchase
            self.sell = sell
        }
    }

    public var fields: [String: Value] = [:]
    public var names: [LocalizedName] = []
    /// A Pokémon form's own names ("Alola Form"); `names` holds its full ones.
    public var formNames: [LocalizedName] = []
    public var effects: [AbilityDetails.Effect] = []
    public var flavors: [Flavor] = []
    public var holders: [Holder] = []
    public var prices: [Price] = []

    public init() {}
}
