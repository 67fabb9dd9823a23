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
        // Upserts, one statement prepared for each table: a row the body gives twice keeps its
        // last, as `INSERT OR REPLACE` did, without the statement journal (a copy of each page
        // the row touches) a replace opens on a table with an index or foreign keys.
        let names = body.names
        try database.run(
            """
            INSERT INTO pokeapi_name (kind, id, language, name, folded) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (kind, id, language) DO UPDATE SET name = excluded.name, folded = excluded.folded
            """, rows: names.count
        ) { row in
            [
                .text(kind), .int(id), .text(names[row].language), .text(names[row].name),
                .text(NameFolding.fold(names[row].name)),
            ]
        }
        let effects = body.effects
        try database.run(
            """
            INSERT INTO pokeapi_effect (kind, id, language, short_effect, effect) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (kind, id, language) DO UPDATE SET
                short_effect = excluded.short_effect, effect = excluded.effect
            """, rows: effects.count
        ) { row in
            [
                .text(kind), .int(id), .text(effects[row].language), .string(effects[row].shortEffect),
                .string(effects[row].effect),
            ]
        }
        let flavors = body.flavors
        try database.run(
            """
            INSERT INTO pokeapi_flavor_text (kind, id, version_group, language, text) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (kind, id, language, version_group) DO UPDATE SET text = excluded.text
            """, rows: flavors.count
        ) { row in
            [
                .text(kind), .int(id), .text(flavors[row].versionGroup), .text(flavors[row].language),
                .text(flavors[row].text),
            ]
        }
        guard let table else { return }
        if table.name == "item" {
            let holders = body.holders
            try database.run(
                """
                INSERT INTO item_holder (item_id, pokemon, version, rarity) VALUES (?, ?, ?, ?)
                ON CONFLICT (item_id, pokemon, version) DO UPDATE SET rarity = excluded.rarity
                """, rows: holders.count
            ) { row in
                [.int(id), .text(holders[row].pokemon), .text(holders[row].version), .int(holders[row].rarity)]
            }
            let prices = body.prices
            try database.run(
                """
                INSERT INTO item_price (item_id, version_group, purchase_price, sell_price) VALUES (?, ?, ?, ?)
                ON CONFLICT (item_id, version_group) DO UPDATE SET
                    purchase_price = excluded.purchase_price, sell_price = excluded.sell_price
                """, rows: prices.count
            ) { row in
                [.int(id), .text(prices[row].versionGroup), .int(prices[row].purchase), .int(prices[row].sell)]
            }
        }
        if table.name == "pokemon_form" {
            let labels = body.formNames
            try database.run(
                """
                INSERT INTO pokemon_form_label (form_id, language, name) VALUES (?, ?, ?)
                ON CONFLICT (form_id, language) DO UPDATE SET name = excluded.name
                """, rows: labels.count
            ) { row in
                [.int(id), .text(labels[row].language), .text(labels[row].name)]
            }
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
