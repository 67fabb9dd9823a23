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

    /// The slug one column of a learnset was last coded as, within one transaction.
    struct Last {
        fileprivate var slug: (name: String, id: Int)?
    }

    /// The id of `name` as ``id(of:in:)`` gives it, or as `last` remembers it: a Pokémon's
    /// rows give the same move, and often the same method, row after row, which a comparison
    /// settles without hashing the slug.
    func id(of name: String, after last: inout Last, in database: Database) throws -> Int {
        if let slug = last.slug, slug.name == name { return slug.id }
        let id = try id(of: name, in: database)
        last.slug = (name, id)
        return id
    }

    /// The id of `name`, added to the table when it is new.
    func id(of name: String, in database: Database) throws -> Int {
        if let id = ids[name] { return id }
        let id: Int
        if let stored = try database.queryFirst(
            "SELECT id FROM learnset_name WHERE name = ?", [.text(name)], row: { $0.int(0) })
        {
            id = stored
        } else {
            // `id` is the table's rowid.
            try database.run("INSERT INTO learnset_name (name) VALUES (?)", [.text(name)])
            id = database.lastInsertedRowID
        }
        ids[name] = id
        return id
    }
}
