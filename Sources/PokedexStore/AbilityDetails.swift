import SQLiteDatabase

/// The fields of an `/ability/{id}` body that pokedex stores in columns.
public struct AbilityDetails: Sendable, Equatable {
    public struct Effect: Sendable, Equatable {
        public let language: String
        public let shortEffect: String?
        public let effect: String?
        public init(language: String, shortEffect: String?, effect: String?) {
            self.language = language
            self.shortEffect = shortEffect
            self.effect = effect
        }
    }

    public let id: Int
    public let name: String
    public let generation: String?
    public let isMainSeries: Bool?
    public let names: [LocalizedName]
    public let effects: [Effect]
    /// What the games print, per version group and language.
    public let gameTexts: [TypedBody.Flavor]

    public init(
        id: Int, name: String, generation: String?, isMainSeries: Bool?, names: [LocalizedName], effects: [Effect],
        gameTexts: [TypedBody.Flavor] = []
    ) {
        self.id = id
        self.name = name
        self.generation = generation
        self.isMainSeries = isMainSeries
        self.names = names
        self.effects = effects
        self.gameTexts = gameTexts
    }

    /// What the ability keeps in the tables all kinds share (migration 0033): its game texts.
    /// Its names and effects have tables of their own.
    public var sharedRows: TypedBody {
        var rows = TypedBody()
        rows.flavors = gameTexts
        return rows
    }

    public var violation: String? {
        ResourceLimits.outside("id", id, ResourceLimits.id)
            ?? ResourceLimits.outside("number of names", names.count, ResourceLimits.entries)
            ?? ResourceLimits.outside("number of effect entries", effects.count, ResourceLimits.entries)
            ?? ResourceLimits.outside("number of game texts", gameTexts.count, ResourceLimits.entries)
    }
}
