import SQLiteDatabase

/// The kinds PokeAPI's root index listed at the last sync that read it (`pokeapi_kind`): what
/// a whole sync walks beyond the Pokédex's kinds, what `serve` lists at `/api/v2/`.
public enum PokeAPIIndex {
    /// Replaces the stored index with `kinds` (name, list URL), in one transaction; each kind
    /// becomes a resource the run log can name.
    public static func save(_ kinds: [(name: String, url: String)], in database: Database) throws {
        try database.writeTransaction {
            try database.run("DELETE FROM pokeapi_kind")
            for kind in kinds {
                try database.run("INSERT OR IGNORE INTO sync_resource (name) VALUES (?)", [.text(kind.name)])
                try database.run(
                    """
                    INSERT INTO pokeapi_kind (name, url, listed_at) VALUES (?, ?, \(SQLTimestamp.now))
                    ON CONFLICT (name) DO UPDATE SET url = excluded.url
                    """,
                    [.text(kind.name), .text(kind.url)])
            }
        }
    }

    /// The kinds the stored index lists or whose entries are stored (a partial sync reads no
    /// index), by name.
    public static func storedKinds(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM sync_resource WHERE \(isStored("sync_resource.name")) ORDER BY name") {
            $0.text(0)
        }
    }

    /// SQL: whether the kind `name` (a placeholder, or a column qualified by its table: inside
    /// the subquery a bare `name` is `pokeapi_resource`'s) is listed by the stored index or has
    /// entries stored.
    private static func isStored(_ name: String) -> String {
        "(\(name) IN (SELECT name FROM pokeapi_kind) OR EXISTS (SELECT 1 FROM pokeapi_resource WHERE kind = \(name)))"
    }

    /// When the stored index was read (UTC, ISO 8601); nil when it lists no kind.
    public static func readAt(_ database: Database) throws -> String? {
        try database.query("SELECT max(listed_at) FROM pokeapi_kind") { $0.optionalText(0) }.first ?? nil
    }

    /// The kinds the database holds or a sync takes: the Pokédex's own (and the encounters),
    /// then those the stored index lists, declared or not.
    public static func resources(_ database: Database) throws -> [PokeAPIResource] {
        let own = PokeAPIResources.all.filter { $0.reach != .indexed }
        let ownNames = Set(own.map(\.kind.name))
        return try own
            + storedKinds(database).filter { !ownNames.contains($0) }.map { name in
                PokeAPIResources.all.first { $0.kind.name == name && $0.reach == .indexed }
                    ?? PokeAPIResources.discovered(name)
            }
    }

    /// The kind `name` names among ``resources(_:)``: one of the Pokédex's own (see
    /// ``ownResource(named:)``), else one the stored index lists or entries are stored of;
    /// nil for neither.
    public static func resource(named name: String, in database: Database) throws -> PokeAPIResource? {
        if let own = ownResource(named: name) { return own }
        // One kind's lookup, not every kind's: `serve` asks on each request for such a kind.
        guard try database.queryFirst("SELECT \(isStored("?1"))", [.text(name)], row: { $0.bool(0) }) == true
        else { return nil }
        return PokeAPIResources.all.first { $0.kind.name == name && $0.reach == .indexed }
            ?? PokeAPIResources.discovered(name)
    }

    /// One of the kinds held whatever the index lists (the Pokédex's and the encounters), found
    /// without reading the database.
    public static func ownResource(named name: String) -> PokeAPIResource? {
        PokeAPIResources.all.first { $0.kind.name == name && $0.reach != .indexed }
    }
}
