import LocalDatabase
import SQLiteDatabase

/// The typed tables of migration 0022, written from the bodies: with each body a sync stores
/// (``apply(_:kind:id:)``, in its page's transaction), and for what `pokeapi_typing_pending`
/// still lists after the walk (an older database's bodies, a killed sync's) in batches.
public struct TypedBodyStore {
    /// What one body gave: its rows, or none when it is gone or does not scan.
    public enum Typed: Sendable {
        case body(TypedBody)
        case encounters([WildEncounter])
        case none
    }

    public let database: Database

    public init(database: Database) { self.database = database }

    /// The next pending bodies, in a stable order.
    public func pending(limit: Int) throws -> [(kind: String, id: Int)] {
        try database.query(
            "SELECT kind, id FROM pokeapi_typing_pending ORDER BY kind, id LIMIT ?", [.int(limit)]
        ) { ($0.text(0), $0.int(1)) }
    }

    /// Replaces each resource's typed rows with what its body gave, and clears it from pending.
    public func save(_ results: [(kind: String, id: Int, typed: Typed)]) throws {
        try database.writeTransaction {
            for (kind, id, typed) in results { try apply(typed, kind: kind, id: id) }
        }
    }

    /// Replaces one resource's typed rows and clears it from pending, inside the caller's
    /// transaction: the sync's page, as it stores the body.
    func apply(_ typed: Typed, kind: String, id: Int) throws {
        try remove(kind: kind, id: id)
        do {
            switch typed {
            case .body(let body): try insert(body, kind: kind, id: id)
            case .encounters(let encounters): try insert(encounters, pokemonID: id)
            case .none: break
            }
        } catch let error as DatabaseError where error.isConstraintViolation {
            // A body whose values its tables refuse gets no typed rows, and the others theirs:
            // the refused statement undid itself, its body's earlier rows go as they came (today
            // only the typed table's row, written first, can be refused; this keeps that true of
            // any later one). A savepoint would copy each 16 KB page the body's rows touch.
            try remove(kind: kind, id: id)
        }
        try database.run("DELETE FROM pokeapi_typing_pending WHERE kind = ? AND id = ?", [.text(kind), .int(id)])
    }

    private func remove(kind: String, id: Int) throws {
        let key: [SQLValue] = [.text(kind), .int(id)]
        for table in ["pokeapi_name", "pokeapi_effect", "pokeapi_flavor_text"] {
            try database.run("DELETE FROM \(table) WHERE kind = ? AND id = ?", key)
        }
        if kind == PokeAPIResources.encounters.kind.name {
            try database.run("DELETE FROM encounter WHERE pokemon_id = ?", [.int(id)])
        } else if let table = PokeAPIResources.resource(PokeAPIKind(kind))?.typedTable {
            try database.run("DELETE FROM \(table.name) WHERE id = ?", [.int(id)])
        }
    }

    private func insert(_ body: TypedBody, kind: String, id: Int) throws {
        let table = PokeAPIResources.resource(PokeAPIKind(kind))?.typedTable
        if let table {
            try database.run(table.insert, [.int(id)] + table.columns.map { Self.value(body.fields[$0]) })
        }
        for name in body.names {
            try database.run(
                "INSERT OR REPLACE INTO pokeapi_name (kind, id, language, name, folded) VALUES (?, ?, ?, ?, ?)",
                [.text(kind), .int(id), .text(name.language), .text(name.name), .text(NameFolding.fold(name.name))])
        }
        for effect in body.effects {
            try database.run(
                "INSERT OR REPLACE INTO pokeapi_effect (kind, id, language, short_effect, effect) VALUES (?, ?, ?, ?, ?)",
                [.text(kind), .int(id), .text(effect.language), .string(effect.shortEffect), .string(effect.effect)])
        }
        for flavor in body.flavors {
            try database.run(
                """
                INSERT OR REPLACE INTO pokeapi_flavor_text (kind, id, version_group, language, text)
                VALUES (?, ?, ?, ?, ?)
                """,
                [.text(kind), .int(id), .text(flavor.versionGroup), .text(flavor.language), .text(flavor.text)])
        }
        for holder in body.holders where table?.name == "item" {
            try database.run(
                "INSERT OR REPLACE INTO item_holder (item_id, pokemon, version, rarity) VALUES (?, ?, ?, ?)",
                [.int(id), .text(holder.pokemon), .text(holder.version), .int(holder.rarity)])
        }
        for price in body.prices where table?.name == "item" {
            try database.run(
                """
                INSERT OR REPLACE INTO item_price (item_id, version_group, purchase_price, sell_price)
                VALUES (?, ?, ?, ?)
                """,
                [.int(id), .text(price.versionGroup), .int(price.purchase), .int(price.sell)])
        }
        for label in body.formNames where table?.name == "pokemon_form" {
            try database.run(
                "INSERT OR REPLACE INTO pokemon_form_label (form_id, language, name) VALUES (?, ?, ?)",
                [.int(id), .text(label.language), .text(label.name)])
        }
    }

    /// Many rows a statement, OR IGNORE: no row can break a constraint (the columns that refuse
    /// NULL get strings), and a statement of many rows that could abort would have SQLite copy
    /// each page it touches first, to undo it.
    private func insert(_ encounters: [WildEncounter], pokemonID: Int) throws {
        var values: [SQLValue] = []
        values.reserveCapacity(encounters.count * 8)
        for encounter in encounters {
            values += [
                .int(pokemonID), .text(encounter.locationArea), .text(encounter.version), .text(encounter.method),
                .int(encounter.minLevel), .int(encounter.maxLevel), .int(encounter.chance),
                .text(encounter.conditions.joined(separator: ",")),
            ]
        }
        try database.insert(
            """
            INSERT OR IGNORE INTO encounter
                (pokemon_id, location_area, version, method, min_level, max_level, chance, conditions)
            VALUES
            """, rows: values, columns: 8)
    }

    private static func value(_ value: TypedBody.Value?) -> SQLValue {
        switch value {
        case .text(let text)?: .text(text)
        case .integer(let number)?: .int(number)
        case .flag(let flag)?: .int(flag ? 1 : 0)
        case nil: .null
        }
    }
}
