import IssueStore
import LocalDatabase
import PokedexStore
import SQLiteDatabase

/// Every body a database stores, decoded, by table and id: what two databases are compared on
/// where their stored forms may differ.
struct ServedBodies {
    let database: Database

    init(path: String) throws {
        database = try LocalStore.openForReading(path: path)
    }

    func all() throws -> [String: String] {
        var bodies: [String: String] = [:]
        for resource in PokeAPIResources.all {
            let page = try resource.tables.listPage(database, offset: 0, limit: 100_000)
            for entry in page.entries {
                guard let body = try resource.tables.storedBody(database, id: entry.id) else { continue }
                bodies["\(resource.kind.name)/\(entry.id)"] = String(decoding: try body.decoded(), as: UTF8.self)
            }
        }
        let archive = IssueArchive(database: database)
        for table in IssueArchive.RawJSONTable.allCases {
            for id in try database.query("SELECT id FROM \(table.rawValue)", row: { $0.int(0) }) {
                bodies["\(table.rawValue)/\(id)"] = try archive.rawJSON(table, id: id).map {
                    String(decoding: $0, as: UTF8.self)
                }
            }
        }
        return bodies
    }
}

extension DatabaseSnapshot {
    /// Columns that differ between two syncs of the same data by design: when each ran, the
    /// server's ETags, and bodies' stored forms (compared decoded, with `ServedBodies`).
    static let perSync: Set<String> = [
        "etag", "fetched_at", "listed_at", "details_synced_at", "added_at", "body_encoding", "body_size",
        "raw_json", "raw_json_encoding", "raw_json_size",
    ]

    /// Each table's rows without `perSync` columns (and the `body` of stored bodies, not of
    /// images), sorted; run logs and sync state left out.
    func data() throws -> [String: [String]] {
        var tables: [String: [String]] = [:]
        for table in try tableNames()
        where !["sync_run", "github_sync_state", "schema_migrations", "body_compression_pending"].contains(table) {
            let columns = try rows("PRAGMA table_info(\"\(table)\")").map { String($0[1].dropFirst(2)) }.filter {
                !Self.perSync.contains($0) && ($0 != "body" || table == "pokemon_image")
            }
            let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            tables[table] = try rows("SELECT \(list) FROM \"\(table)\"").map { $0.joined(separator: " | ") }.sorted()
        }
        return tables
    }
}
