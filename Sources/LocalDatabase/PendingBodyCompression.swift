import BodyCoding
import SQLiteDatabase

/// The bodies migrations 0016 (PokeAPI's) and 0017 (GitHub's) kept as they were (their tables
/// could be rebuilt in SQL, but SQL has no zlib), compressed by the first sync that opens the
/// file, which then VACUUMs once so that the file shrinks. Batches commit one by one: a sync
/// interrupted here resumes where it stopped. Nothing listed, the usual case, is one read of an empty table.
enum PendingBodyCompression {
    /// A table the migrations may list: its key, the columns its bodies are in, and how many
    /// rows a transaction takes (a few MB of bodies in memory at a time).
    private struct Table {
        let key: String
        let body: RawBody
        let rowsPerBatch: Int

        /// PokeAPI's responses: up to a few hundred KB each.
        static func pokeAPI(key: String) -> Table { Table(key: key, body: .pokeAPI, rowsPerBatch: 20) }
        /// GitHub's items: a few KB each, an issue with a long body some hundred KB.
        static let gitHub = Table(key: "id", body: .gitHub, rowsPerBatch: 100)
    }

    /// Names are constants of this module, never input.
    private static let tables: [String: Table] = [
        "pokemon_detail_json": .pokeAPI(key: "pokemon_id"), "pokemon_species_json": .pokeAPI(key: "species_id"),
        "evolution_chain_json": .pokeAPI(key: "chain_id"), "type_json": .pokeAPI(key: "type_id"),
        "ability_json": .pokeAPI(key: "ability_id"),
        "github_repository": .gitHub, "github_issue": .gitHub, "github_comment": .gitHub,
    ]

    /// Call under the writer lock, with no transaction open (VACUUM cannot run in one).
    static func run(_ database: Database) throws {
        let pending = try database.query("SELECT table_name, compressed FROM body_compression_pending") {
            ($0.text(0), $0.bool(1))
        }
        guard !pending.isEmpty else { return }
        for (table, compressed) in pending where !compressed {
            guard let layout = tables[table] else {
                throw RawBodyError(reason: "body_compression_pending names '\(table)', which holds no bodies")
            }
            var cursor: Int? = Int.min
            while let after = cursor {
                cursor = try compressBatch(database, table: table, layout, after: after)
            }
        }
        // Every table done: the pages the bodies left are given back. Interrupted before the
        // list is emptied, the next sync VACUUMs again, which is harmless.
        try database.execute("VACUUM")
        _ = try? database.queryFirst("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) }
        try database.run("DELETE FROM body_compression_pending")
    }

    /// Compresses the uncompressed bodies of the next batch of `table`'s rows after key
    /// `after`; returns the key to go on after, nil once the table is done.
    private static func compressBatch(_ database: Database, table: String, _ layout: Table, after: Int) throws
        -> Int?
    {
        let (key, body, batchSize) = (layout.key, layout.body, layout.rowsPerBatch)
        return try database.writeTransaction {
            let rows = try database.query(
                """
                SELECT \(key), \(body.columns) FROM \(table) WHERE \(key) > ? AND \(body.encodingColumn) = 'identity'
                ORDER BY \(key) LIMIT ?
                """, [.int(after), .int(batchSize)]
            ) { ($0.int(0), try RawBody.body($0, column: 1)) }
            let compressor = StoredBody.Compressor()
            for (id, decoded) in rows {
                // One that compression does not shrink stays as it is.
                let stored = compressor.compressing(decoded)
                guard stored.encoding == .zlib else { continue }
                try database.run(
                    "UPDATE \(table) SET \(body.assignments) WHERE \(key) = ?", RawBody.values(stored) + [.int(id)])
            }
            if rows.count == batchSize { return rows[batchSize - 1].0 }
            try database.run(
                "UPDATE body_compression_pending SET compressed = 1 WHERE table_name = ?", [.text(table)])
            return nil
        }
    }
}
