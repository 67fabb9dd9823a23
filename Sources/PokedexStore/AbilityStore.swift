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

/// The `ability` tables: what sync writes for `/ability/`.
public struct AbilityStore: ResourceTablesStore {
    public typealias Downloaded = DownloadedResource<AbilityDetails>
    public static let tables = ResourceTables(table: "ability", jsonTable: "ability_json", key: "ability_id")
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Inside `beginPage`/`commitPage`, after its entry. A language named twice keeps its last
    /// entry (an upsert: see ``SpeciesStore/saveDetails(_:)``).
    public func saveDetails(_ downloaded: Downloaded) throws {
        let ability = downloaded.fields
        let id = SQLValue.int(ability.id)
        try database.run(
            "UPDATE ability SET generation = ?, is_main_series = ? WHERE id = ?",
            [.string(ability.generation), ability.isMainSeries.map(SQLValue.bool) ?? .null, id])
        try database.run("DELETE FROM ability_name WHERE ability_id = ?", [id])
        for name in ability.names {
            try database.run(
                """
                INSERT INTO ability_name (ability_id, language, name) VALUES (?, ?, ?)
                ON CONFLICT (ability_id, language) DO UPDATE SET name = excluded.name
                """,
                [id, .text(name.language), .text(name.name)])
        }
        try database.run("DELETE FROM ability_effect WHERE ability_id = ?", [id])
        for effect in ability.effects {
            try database.run(
                """
                INSERT INTO ability_effect (ability_id, language, short_effect, effect) VALUES (?, ?, ?, ?)
                ON CONFLICT (ability_id, language) DO UPDATE SET
                    short_effect = excluded.short_effect, effect = excluded.effect
                """,
                [id, .text(effect.language), .string(effect.shortEffect), .string(effect.effect)])
        }
        try Self.tables.saveBody(database, id: ability.id, body: downloaded.body, etag: downloaded.etag)
    }
}
