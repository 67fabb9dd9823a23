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

    public init(
        id: Int, name: String, generation: String?, isMainSeries: Bool?, names: [LocalizedName], effects: [Effect]
    ) {
        self.id = id
        self.name = name
        self.generation = generation
        self.isMainSeries = isMainSeries
        self.names = names
        self.effects = effects
    }

    public var violation: String? {
        ResourceLimits.outside("id", id, ResourceLimits.id)
            ?? ResourceLimits.outside("number of names", names.count, ResourceLimits.entries)
            ?? ResourceLimits.outside("number of effect entries", effects.count, ResourceLimits.entries)
    }
}
