import SQLiteDatabase

extension Database {
    /// Stores `body` as a sync of `kind` leaves it in the shared tables (as received, its entry
    /// listed), replacing a body stored before: the triggers queue it for typing.
    func storeBody(_ kind: String, _ id: Int, _ name: String?, _ body: String) throws {
        try run("INSERT OR IGNORE INTO sync_resource (name) VALUES (?)", [.text(kind)])
        try run(
            "INSERT OR IGNORE INTO pokeapi_resource (kind, id, name, url) VALUES (?, ?, ?, 'u')",
            [.text(kind), .int(id), .string(name)])
        try run(
            """
            INSERT OR REPLACE INTO pokeapi_resource_json (kind, id, fetched_at, body_encoding, body_size, body)
            VALUES (?, ?, '2026-12-03T00:00:00Z', 'identity', ?, ?)
            """, [.text(kind), .int(id), .int(body.utf8.count), .blob(Array(body.utf8)[...])])
    }
}
