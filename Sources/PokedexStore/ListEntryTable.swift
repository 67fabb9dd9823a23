import SQLiteDatabase

/// The rows a resource's list pages keep: `id`, `name`, `url`, `list_position` (its offset in
/// the list) and `listed_at` (when the entry was last seen in its list); nameless kinds, such
/// as evolution chains, no `name` or `listed_at`. A link gives no position: an entry saved
/// from one keeps the position stored. Written inside a page's transaction. Names are
/// constants of this module.
struct ListEntryTable: Sendable {
    let table: String
    /// Whether entries carry a name and `listed_at`.
    var named = true
    var scope = KindScope(kind: nil)

    /// The conflict target of an insert: the row's key.
    private var key: String { scope.column + "id" }

    /// Stores a page's entries. A refresh lists the same entries again and again: those stored
    /// exactly so only have `listed_at` moved, in one statement for the page, instead of two
    /// statements each. New and changed entries are written one by one, in list order; so is
    /// every entry of a page that names one id or one name twice (a server's mistake), whose
    /// outcome depends on that order.
    func save(_ entries: [ResourceListEntry], in database: Database) throws {
        let isOneByOne =
            Set(entries.map(\.id)).count < entries.count || (named && Set(entries.map(\.name)).count < entries.count)
        let unchanged = isOneByOne ? [] : try storedExactly(entries, in: database)
        for entry in entries where !unchanged.contains(entry.id) {
            try save(entry, in: database)
        }
        guard named, !unchanged.isEmpty else { return }
        try database.run(
            """
            UPDATE \(table) SET listed_at = \(SQLTimestamp.now)
            WHERE \(scope.condition)id IN (SELECT value FROM json_each(?))
            """,
            scope.parameters + [.jsonArray(entries.map(\.id).filter(unchanged.contains))])
    }

    /// The ids of `entries` (each id once) stored with the same name, URL and position (when
    /// the entry has one), compared byte for byte in the rows read.
    private func storedExactly(_ entries: [ResourceListEntry], in database: Database) throws -> Set<Int> {
        let listed = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var same: Set<Int> = []
        // Read as ranges of the table's rowids, cheaper than matching each id: a page's ids are
        // a run or a few (PokeAPI's forms start at 10001). A range ends at a gap wider than
        // `rangeGap`, so the rows read that the page does not list stay few whatever its ids.
        for (first, last) in Self.ranges(of: listed.keys.sorted()) {
            let rows = try database.query(
                """
                SELECT id, \(named ? "name" : "NULL"), url, list_position FROM \(table)
                WHERE \(scope.condition)id BETWEEN ? AND ?
                """,
                scope.parameters + [.int(first), .int(last)]
            ) { row -> Int? in
                guard let entry = listed[row.int(0)], row.hasText(2, equalTo: entry.url),
                    !named || row.hasText(1, equalTo: entry.name),
                    entry.position == nil || row.optionalInt(3) == entry.position
                else { return nil }
                return entry.id
            }
            same.formUnion(rows.compactMap { $0 })
        }
        return same
    }

    static let rangeGap = 64

    /// Sorted ids as (first, last) runs, none holding a gap wider than ``rangeGap``.
    static func ranges(of sortedIDs: [Int]) -> [(first: Int, last: Int)] {
        var ranges: [(first: Int, last: Int)] = []
        for id in sortedIDs {
            if let range = ranges.last, id - range.last <= rangeGap {
                ranges[ranges.count - 1].last = id
            } else {
                ranges.append((id, id))
            }
        }
        return ranges
    }

    private func save(_ entry: ResourceListEntry, in database: Database) throws {
        // A position not given keeps the one stored.
        let position: SQLValue = entry.position.map { .int($0) } ?? .null
        guard named else {
            try database.run(
                """
                INSERT INTO \(table) (\(key), url, list_position) VALUES (\(scope.placeholder)?, ?, ?)
                ON CONFLICT (\(key)) DO UPDATE SET
                    url = excluded.url, list_position = coalesce(excluded.list_position, list_position)
                """,
                scope.parameters + [.int(entry.id), .text(entry.url), position])
            return
        }
        // A name that moved to another id upstream would otherwise violate UNIQUE(name). The
        // row that held it keeps everything under `name~id` until the list names it again:
        // a name alone (a server's mistake, a name cut short) never deletes an entry.
        try database.run(
            "UPDATE \(table) SET name = name || '~' || id WHERE \(scope.condition)name = ? AND id <> ?",
            scope.parameters + [.text(entry.name), .int(entry.id)])
        try database.run(
            """
            INSERT INTO \(table) (\(key), name, url, list_position, listed_at)
            VALUES (\(scope.placeholder)?, ?, ?, ?, \(SQLTimestamp.now))
            ON CONFLICT (\(key)) DO UPDATE SET
                name = excluded.name, url = excluded.url,
                list_position = coalesce(excluded.list_position, list_position), listed_at = excluded.listed_at
            """,
            scope.parameters + [.int(entry.id), .text(entry.name), .text(entry.url), position])
    }
}
