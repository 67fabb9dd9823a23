import SQLiteDatabase

/// The `type` tables: what sync writes for `/type/`.
public struct TypeStore: ResourceTablesStore {
    public typealias Downloaded = DownloadedResource<TypeDetails>
    public var tables: ResourceTables { PokeAPIResources.type.tables }
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Inside `beginPage`/`commitPage`, after its entry.
    public func saveDetails(_ downloaded: Downloaded) throws {
        let type = downloaded.fields
        let id = SQLValue.int(type.id)
        try database.run(
            "UPDATE type SET generation = ?, move_damage_class = ? WHERE id = ?",
            [.string(type.generation), .string(type.moveDamageClass), id])
        try database.run("DELETE FROM type_name WHERE type_id = ?", [id])
        for name in type.names {
            try database.run(
                """
                INSERT INTO type_name (type_id, language, name) VALUES (?, ?, ?)
                ON CONFLICT (type_id, language) DO UPDATE SET name = excluded.name
                """,
                [id, .text(name.language), .text(name.name)])
        }
        // Keyed by the type row's name (the entry may have been renamed). A pair is stated by
        // the attacking type's _to lists once that type is synced, else by the defending type's
        // _from lists: so the rows depend on which bodies are stored, never on the order they
        // came in (PokeAPI's two sides agree, but a body may be older than another).
        let this = try database.queryFirst("SELECT name FROM type WHERE id = ?", [id]) { $0.text(0) } ?? type.name
        try database.run(
            """
            DELETE FROM type_damage WHERE attacking_type = ?1
               OR (defending_type = ?1
                   AND attacking_type NOT IN (SELECT name FROM type WHERE details_synced_at IS NOT NULL))
            """, [.text(this)])
        let insert = """
            INSERT INTO type_damage (attacking_type, defending_type, multiplier, attacking_type_id, defending_type_id)
            """
        for relation in type.damageTo {
            try database.run(
                "\(insert) VALUES (?, ?, ?, ?, ?)",
                [.text(this), .text(relation.type), .real(relation.multiplier), id, .int(relation.typeID)])
        }
        for relation in type.damageFrom where relation.type != this {
            try database.run(
                """
                \(insert) SELECT ?1, ?2, ?3, ?4, ?5
                WHERE NOT EXISTS (SELECT 1 FROM type WHERE name = ?1 AND details_synced_at IS NOT NULL)
                """,
                [.text(relation.type), .text(this), .real(relation.multiplier), .int(relation.typeID), id])
        }
        try tables.saveBody(database, id: type.id, body: downloaded.body, etag: downloaded.etag)
    }
}
