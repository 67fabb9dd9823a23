import SQLiteDatabase

/// The `learnset_name` ids of the slugs one transaction has written, so that a page's
/// learnsets (≈470 rows a Pokémon, three slugs each) look each slug up once instead of in
/// every row. Valid until the transaction ends: `reset` when one begins and when one rolls
/// back, since a rolled-back one takes its new names with it (and their ids are handed out
/// again).
final class LearnsetNameCodes {
    private var ids: [String: Int] = [:]

    func reset() {
        ids.removeAll(keepingCapacity: true)
    }

    /// The id of `name`, added to the table when it is new.
    func id(of name: String, in database: Database) throws -> Int {
        if let id = ids[name] { return id }
        let id =
            try database.queryFirst("SELECT id FROM learnset_name WHERE name = ?", [.text(name)]) { $0.int(0) }
            ?? Self.add(name, to: database)
        ids[name] = id
        return id
    }

    private static func add(_ name: String, to database: Database) throws -> Int {
        let insert = "INSERT INTO learnset_name (name) VALUES (?) RETURNING id"
        // An insert that did not fail returns its row.
        guard let id = try database.queryFirst(insert, [.text(name)], row: { $0.int(0) }) else {
            throw DatabaseError(code: 1, message: "SQLite returned no id for the new name \(name)", sql: insert)
        }
        return id
    }
}
