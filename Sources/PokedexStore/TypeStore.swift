import SQLiteDatabase

/// The fields of a `/type/{id}` body that pokedex stores in columns.
public struct TypeDetails: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let generation: String?
    public let moveDamageClass: String?
    public let names: [LocalizedName]
    /// `damage_relations.*_damage_to`: what a move of this type does to the types named.
    public let damageTo: [DamageRelation]
    /// `damage_relations.*_damage_from`: what moves of the types named do to this type. A
    /// Pokémon's types' lists are complete for it, so its matchups need no other type synced.
    public let damageFrom: [DamageRelation]

    public init(
        id: Int, name: String, generation: String?, moveDamageClass: String?, names: [LocalizedName],
        damageTo: [DamageRelation], damageFrom: [DamageRelation]
    ) {
        self.id = id
        self.name = name
        self.generation = generation
        self.moveDamageClass = moveDamageClass
        self.names = names
        self.damageTo = damageTo
        self.damageFrom = damageFrom
    }

    /// What cannot be stored as one type: out of range, or a defending type named twice.
    public var violation: String? {
        if let outside = ResourceLimits.outside("id", id, ResourceLimits.id) { return outside }
        if let outside = ResourceLimits.outside("number of names", names.count, ResourceLimits.entries) {
            return outside
        }
        for (side, relations) in [("to", damageTo), ("from", damageFrom)] {
            var seen: Set<String> = []
            for relation in relations where !seen.insert(relation.type).inserted {
                return "damage_relations *_damage_\(side) name \"\(relation.type.prefix(100))\" twice"
            }
        }
        return nil
    }
}

/// One type a `damage_relations` list names, with its multiplier (2, 0.5 or 0).
public struct DamageRelation: Sendable, Equatable {
    public let type: String
    /// From the type's URL: orders types that are only named, never synced, as PokeAPI does.
    public let typeID: Int?
    public let multiplier: Double

    public init(type: String, typeID: Int?, multiplier: Double) {
        self.type = type
        self.typeID = typeID
        self.multiplier = multiplier
    }
}

/// The `type` tables: what sync writes for `/type/`.
public struct TypeStore: ResourceTablesStore {
    public typealias Downloaded = DownloadedResource<TypeDetails>
    public static let tables = ResourceTables(table: "type", jsonTable: "type_json", key: "type_id")
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
        try Self.tables.saveBody(database, id: type.id, body: downloaded.body, etag: downloaded.etag)
    }
}
