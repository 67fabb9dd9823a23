import SQLiteDatabase

/// The fields of a `/type/{id}` body that pokedex stores in columns.
public struct TypeDetails: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let generation: String?
    public let moveDamageClass: String?
    public let names: [LocalizedName]
    /// Type names from `damage_relations`: what a move of this type does to them.
    public let doubleDamageTo: [String]
    public let halfDamageTo: [String]
    public let noDamageTo: [String]

    public init(
        id: Int, name: String, generation: String?, moveDamageClass: String?, names: [LocalizedName],
        doubleDamageTo: [String], halfDamageTo: [String], noDamageTo: [String]
    ) {
        self.id = id
        self.name = name
        self.generation = generation
        self.moveDamageClass = moveDamageClass
        self.names = names
        self.doubleDamageTo = doubleDamageTo
        self.halfDamageTo = halfDamageTo
        self.noDamageTo = noDamageTo
    }

    /// `type_damage` rows: (defending type, multiplier).
    public var damage: [(defending: String, multiplier: Double)] {
        doubleDamageTo.map { ($0, 2) } + halfDamageTo.map { ($0, 0.5) } + noDamageTo.map { ($0, 0) }
    }

    /// What cannot be stored as one type: out of range, or a defending type named twice.
    public var violation: String? {
        if let outside = ResourceLimits.outside("id", id, ResourceLimits.id) { return outside }
        if let outside = ResourceLimits.outside("number of names", names.count, ResourceLimits.entries) {
            return outside
        }
        var seen: Set<String> = []
        for (defending, _) in damage where !seen.insert(defending).inserted {
            return "damage_relations name \"\(defending.prefix(100))\" twice"
        }
        return nil
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
                "INSERT OR REPLACE INTO type_name (type_id, language, name) VALUES (?, ?, ?)",
                [id, .text(name.language), .text(name.name)])
        }
        // Keyed by the attacking type's name, which is the row's (the entry may have been renamed).
        let attacking = try database.queryFirst("SELECT name FROM type WHERE id = ?", [id]) { $0.text(0) } ?? type.name
        try database.run("DELETE FROM type_damage WHERE attacking_type = ?", [.text(attacking)])
        for (defending, multiplier) in type.damage {
            try database.run(
                "INSERT INTO type_damage (attacking_type, defending_type, multiplier) VALUES (?, ?, ?)",
                [.text(attacking), .text(defending), .real(multiplier)])
        }
        try Self.tables.saveBody(database, id: type.id, body: downloaded.body, etag: downloaded.etag)
    }
}
