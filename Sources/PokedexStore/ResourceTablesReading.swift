import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// Reading a kind's tables as its API serves them: lists in the API's order, bodies by id,
/// ids by name. What `serve` answers with, whatever the kind's tables.
extension ResourceTables {
    /// Whether the kind's entries have names (chains have none).
    public var isNamed: Bool { named }

    /// An entry's name as its list gives it. Of two entries one name names (PokeAPI lists two
    /// `roseli-berry` items, 723 and 2279), the table keeps the one listed first as `name~id`
    /// (``ListEntryTable``), which no client of the API would recognise.
    private var listedName: String {
        named
            ? "CASE WHEN name LIKE '%~' || id THEN substr(name, 1, length(name) - length(id) - 1) ELSE name END"
            : "NULL"
    }

    /// `limit` entries from the `offset`-th, in the API's list order (entries never listed
    /// after, in id order), and the count of all.
    public func listPage(_ database: Database, offset: Int, limit: Int) throws -> StoredListPage {
        let count =
            try database.queryFirst("SELECT count(*) FROM \(table)\(scope.whereClause)", scope.parameters) {
                $0.int(0)
            } ?? 0
        let entries = try database.query(
            "SELECT id, \(listedName), url FROM \(table)\(scope.whereClause) ORDER BY list_position IS NULL, list_position, id LIMIT ? OFFSET ?",
            scope.parameters + [.int(limit), .int(offset)]
        ) { StoredListEntry(id: $0.int(0), name: $0.optionalText(1), url: $0.text(2)) }
        return StoredListPage(count: count, entries: entries)
    }

    /// The entry with this id, if stored.
    public func entry(_ database: Database, id: Int) throws -> StoredListEntry? {
        try database.queryFirst(
            "SELECT id, \(listedName), url FROM \(table) WHERE \(scope.condition)id = ?",
            scope.parameters + [.int(id)]
        ) {
            StoredListEntry(id: $0.int(0), name: $0.optionalText(1), url: $0.text(2))
        }
    }

    /// The entry `key` names: a canonical decimal id (`85`, `-1`), else a name (compared
    /// lower-cased).
    public func entry(_ database: Database, key: String) throws -> StoredListEntry? {
        if let id = Int(key), String(id) == key { return try entry(database, id: id) }
        return try entry(database, named: key.lowercased())
    }

    /// The entry with this name, if the kind has names and one is stored under it.
    public func entry(_ database: Database, named name: String) throws -> StoredListEntry? {
        guard named else { return nil }
        return try database.queryFirst(
            "SELECT id, \(listedName), url FROM \(table) WHERE \(scope.condition)name = ?",
            scope.parameters + [.text(name)]
        ) {
            StoredListEntry(id: $0.int(0), name: $0.optionalText(1), url: $0.text(2))
        }
    }

    /// The body stored for `id` in its stored form (still compressed); nil if none is.
    public func storedBody(_ database: Database, id: Int) throws -> StoredBody? {
        try database.queryFirst(
            "SELECT \(RawBody.pokeAPI.columns) FROM \(jsonTable) WHERE \(scope.condition)\(key) = ?",
            scope.parameters + [.int(id)]
        ) { try RawBody.stored($0, column: 0) }
    }
}
