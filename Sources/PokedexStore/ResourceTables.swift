import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// The tables every PokeAPI kind has: a row per entry (`id`, `name`, `url`,
/// `listed_at`, `details_synced_at`) and its body as received (`…_json`), either of its own
/// or shared with other kinds under a `kind` column. Names are constants of this module, never input.
public struct ResourceTables: Sendable {
    let table: String
    let jsonTable: String
    let key: String
    /// Whether entries carry a name (the chains have none: they are reached by URL only).
    var named = true
    var scope = KindScope(kind: nil)

    /// A kind kept in the shared tables, `pokeapi_resource` and `pokeapi_resource_json`.
    static func shared(kind: String, named: Bool) -> ResourceTables {
        ResourceTables(
            table: "pokeapi_resource", jsonTable: "pokeapi_resource_json", key: "id", named: named,
            scope: KindScope(kind: kind))
    }

    /// The key columns of the body table's rows.
    private var jsonKey: String { scope.column + key }

    func beginPage(_ database: Database, entries: [ResourceListEntry]) throws {
        try database.execute("BEGIN IMMEDIATE")
        do {
            try ListEntryTable(table: table, named: named, scope: scope).save(entries, in: database)
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    func saveBody(_ database: Database, id: Int, body: StoredBody, etag: String?) throws {
        try database.run(
            "UPDATE \(table) SET details_synced_at = \(SQLTimestamp.now) WHERE \(scope.condition)id = ?",
            scope.parameters + [.int(id)])
        try database.run(
            """
            INSERT INTO \(jsonTable) (\(jsonKey), etag, fetched_at, \(RawBody.pokeAPI.columns))
            VALUES (\(scope.placeholder)?, ?, \(SQLTimestamp.now), ?, ?, ?)
            ON CONFLICT (\(jsonKey)) DO UPDATE SET
                \(RawBody.pokeAPI.excludedAssignments),
                etag = excluded.etag, fetched_at = excluded.fetched_at
            """,
            scope.parameters + [.int(id), .string(etag)] + RawBody.values(body))
    }

    func confirm(_ database: Database, id: Int) throws {
        try database.run(
            "UPDATE \(jsonTable) SET fetched_at = \(SQLTimestamp.now) WHERE \(scope.condition)\(key) = ?",
            scope.parameters + [.int(id)])
    }

    func storedDetails(_ database: Database, maximumAgeSeconds: Int?) throws -> [Int: StoredDetail] {
        let sameKind = scope.kind == nil ? "" : "entry.kind = body.kind AND "
        let rows = try database.query(
            """
            SELECT body.\(key), body.etag, ? IS NOT NULL AND body.fetched_at > \(SQLTimestamp.nowShiftedByParameter),
                entry.url
            FROM \(jsonTable) AS body JOIN \(table) AS entry ON \(sameKind)entry.id = body.\(key)
            \(scope.kind == nil ? "" : "WHERE body.kind = ?")
            """,
            [.int(maximumAgeSeconds), .text("-\(maximumAgeSeconds ?? 0) seconds")] + scope.parameters
        ) { ($0.int(0), StoredDetail(etag: $0.optionalText(1), isFresh: $0.bool(2), url: $0.text(3))) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    func body(_ database: Database, id: Int) throws -> [UInt8]? {
        try database.queryFirst(
            "SELECT \(RawBody.pokeAPI.columns) FROM \(jsonTable) WHERE \(scope.condition)\(key) = ?",
            scope.parameters + [.int(id)]
        ) { try RawBody.body($0, column: 0) }
    }
}
