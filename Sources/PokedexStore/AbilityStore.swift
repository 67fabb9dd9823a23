import SQLiteDatabase

/// The `ability` tables: what sync writes for `/ability/`.
public struct AbilityStore: ResourceTablesStore {
    public typealias Downloaded = DownloadedResource<AbilityDetails>
    public var tables: ResourceTables { PokeAPIResources.ability.tables }
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
        try TypedBodyStore(database: database).apply(
            .body(ability.sharedRows), kind: PokeAPIResources.ability.kind.name, id: ability.id)
        try tables.saveBody(database, id: ability.id, body: downloaded.body, etag: downloaded.etag)
    }
}
