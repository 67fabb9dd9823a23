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

        /// Read off the schema: the table's integer key, and which of the two layouts its
        /// bodies have: PokeAPI's responses (`body`, up to a few hundred KB each) or GitHub's
        /// items (`raw_json`, a few KB each). nil for a name that is no such table: the list
        /// is the file's, and a name is spliced into SQL only once it is found here.
        init?(_ name: String, in database: Database) throws {
            guard name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || (0x61...0x7A).contains($0) }) else { return nil }
            let columns = try database.query("SELECT name, pk FROM pragma_table_info(?)", [.text(name)]) {
                (name: $0.text(0), isKey: $0.int(1) == 1)
            }
            guard let key = columns.first(where: \.isKey)?.name else { return nil }
            let names = Set(columns.map(\.name))
            // GitHub's tables have a `body` too, the or comment's text: `raw_json` decides.
            if names.contains(RawBody.gitHub.column) {
                (self.key, body, rowsPerBatch) = (key, .gitHub, 100)
            } else if names.contains(RawBody.pokeAPI.column) {
                (self.key, body, rowsPerBatch) = (key, .pokeAPI, 20)
            } else {
                return nil
            }
        }
    }

    /// Call under the writer lock, with no transaction open (VACUUM cannot run in one).
    static func run(_ database: Database) throws {
        let pending = try database.query("SELECT table_name, compressed FROM body_compression_pending") {
            ($0.text(0), $0.bool(1))
        }
        guard !pending.isEmpty else { return }
        for (table, compressed) in pending where !compressed {
            guard let layout = try Table(table, in: database) else {
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
