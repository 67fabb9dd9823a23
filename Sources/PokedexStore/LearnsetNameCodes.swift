import SQLiteDatabase

/// The `learnset_name` ids of the slugs one transaction has written, so that a page's
/// learnsets (≈470 rows a Pokémon, three slugs each) look each slug up once instead of in
/// every row. Valid until the transaction ends: `reset` when the next one begins, since a
/// rolled-back one takes its new names with it.
final class LearnsetNameCodes {
    private var ids: [String: Int] = [:]

    func reset() {
        ids.removeAll(keepingCapacity: true)
    }

    /// The id of `name`, added to the table when it is new.
    func id(of name: String, in database: Database) throws -> Int {
        if let id = ids[name] { return id }
        // An upsert returns the row's id whether it was there or is new.
        let returned = try database.queryFirst(
            "INSERT INTO learnset_name (name) VALUES (?) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id",
            [.text(name)]
        ) { $0.int(0) }
        guard let id = returned else {
            throw DatabaseError(code: 1, message: "no learnset_name id was returned for \(name)")
        }
        ids[name] = id
        return id
    }
}
