import BodyCoding
import SQLiteDatabase

/// The bodies migration 0016 kept as they were (its tables could be rebuilt in SQL, but SQL
/// has no zlib), compressed by the first sync that opens the file, which then VACUUMs once
/// so that the file shrinks. Batches commit one by one: a sync interrupted here resumes
/// where it stopped. Nothing listed, the usual case, is one read of an empty table.
enum PendingBodyCompression {
    /// The tables 0016 may list, with their keys: names are constants of this module, never input.
    private static let keys = [
        "pokemon_detail_json": "pokemon_id", "pokemon_species_json": "species_id",
        "evolution_chain_json": "chain_id", "type_json": "type_id", "ability_json": "ability_id",
    ]

    /// Rows per transaction: a few MB of bodies in memory at a time.
    private static let batchSize = 20

    /// Call under the writer lock, with no transaction open (VACUUM cannot run in one).
    static func run(_ database: Database) throws {
        let pending = try database.query("SELECT table_name, compressed FROM body_compression_pending") {
            ($0.text(0), $0.bool(1))
        }
        guard !pending.isEmpty else { return }
        for (table, compressed) in pending where !compressed {
            guard let key = keys[table] else {
                throw RawBodyError(reason: "body_compression_pending names '\(table)', which holds no bodies")
            }
            var cursor: Int? = Int.min
            while let after = cursor { cursor = try compressBatch(database, table: table, key: key, after: after) }
        }
        // Every table done: the pages the bodies left are given back. Interrupted before the
        // list is emptied, the next sync VACUUMs again, which is harmless.
        try database.execute("VACUUM")
        _ = try? database.queryFirst("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) }
        try database.run("DELETE FROM body_compression_pending")
    }

    /// Compresses the uncompressed bodies of the next batch of `table`'s rows after key
    /// `after`; returns the key to go on after, nil once the table is done.
    private static func compressBatch(_ database: Database, table: String, key: String, after: Int) throws -> Int? {
        try database.writeTransaction {
            let rows = try database.query(
                """
                SELECT \(key), \(RawBody.columns) FROM \(table) WHERE \(key) > ? AND body_encoding = 'identity'
                ORDER BY \(key) LIMIT ?
                """, [.int(after), .int(batchSize)]
            ) { ($0.int(0), try RawBody.body($0, column: 1)) }
            for (id, body) in rows {
                // One that compression does not shrink stays as it is.
                let stored = StoredBody.compressing(body)
                guard stored.encoding == .zlib else { continue }
                try database.run(
                    "UPDATE \(table) SET body_encoding = ?, body_size = ?, body = ? WHERE \(key) = ?",
                    RawBody.values(stored) + [.int(id)])
            }
            if rows.count == batchSize { return rows[batchSize - 1].0 }
            try database.run(
                "UPDATE body_compression_pending SET compressed = 1 WHERE table_name = ?", [.text(table)])
            return nil
        }
    }
}
