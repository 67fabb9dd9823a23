import LocalDatabase
import SQLiteDatabase

/// The Pokémon tables: what sync writes and what `show` and `list` read.
public struct PokemonCatalog {
    public let database: Database
    let learnsetNames = LearnsetNameCodes()

    public init(database: Database) {
        self.database = database
    }

    // MARK: Writing

    /// Stores one list page and the details downloaded for it in a single transaction, so
    /// a page is either wholly committed or not at all. Entries whose details are not in
    /// `details` (not downloaded, or unchanged upstream) keep what is stored; those in
    /// `confirmedIDs` were just confirmed current by the server (304), which restarts their age.
    public func savePage(entries: [ResourceListEntry], details: [DownloadedDetails], confirmedIDs: [Int] = []) throws {
        try beginPage(entries: entries)
        do {
            for downloaded in details { try saveDetails(downloaded) }
            for id in confirmedIDs { try confirmDetails(id: id) }
            try commitPage()
        } catch {
            rollBackPage()
            throw error
        }
    }

    /// Opens the transaction of a list page and stores its entries, so that details can be
    /// added one by one as they arrive (`saveDetails`, `confirmDetails`) instead of all being
    /// held until the page is complete. `commitPage` or `rollBackPage` ends it. On a throw
    /// no transaction is left open.
    public func beginPage(entries: [ResourceListEntry]) throws {
        try database.execute("BEGIN IMMEDIATE")
        learnsetNames.reset()
        do {
            try ListEntryTable(table: "pokemon").save(entries, in: database)
        } catch {
            rollBackPage()
            throw error
        }
    }

    /// Commits the page `beginPage` opened.
    public func commitPage() throws {
        try database.execute("COMMIT")
    }

    /// Drops everything the open page stored; a no-op when none is open (SQLite may already
    /// have rolled back after an I/O error).
    public func rollBackPage() {
        try? database.execute("ROLLBACK")
        learnsetNames.reset()
    }

    /// Marks a stored detail body as just confirmed current by the server (304), which
    /// restarts its age. Inside `beginPage`/`commitPage`.
    public func confirmDetails(id: Int) throws {
        try database.run(
            "UPDATE pokemon_detail_json SET fetched_at = \(SQLTimestamp.now) WHERE pokemon_id = ?",
            [.int(id)])
    }

    /// Stores a downloaded detail body and its columns over what was stored. Inside
    /// `beginPage`/`commitPage`, after its entry.
    public func saveDetails(_ downloaded: DownloadedDetails) throws {
        let details = downloaded.details
        let id = SQLValue.int(details.id)
        try database.run(
            """
            UPDATE pokemon SET height = ?, weight = ?, base_experience = ?, sort_order = ?,
                species_name = ?, species_url = ?, official_artwork_url = ?, sprite_url = ?,
                shiny_sprite_url = ?, details_synced_at = \(SQLTimestamp.now)
            WHERE id = ?
            """,
            [
                .int(details.height), .int(details.weight), .int(details.baseExperience),
                .int(details.order), .string(details.speciesName), .string(details.speciesURL),
                .string(details.officialArtworkURL), .string(details.spriteURL), .string(details.shinySpriteURL), id,
            ])
        try database.run("DELETE FROM pokemon_type WHERE pokemon_id = ?", [id])
        try database.run(
            "INSERT INTO pokemon_type (pokemon_id, slot, type_name, type_url) VALUES (?, ?, ?, ?)",
            rows: details.types.count
        ) { index in
            [
                id, .int(index + 1), .text(details.types[index]),
                .string(details.typeURLs.indices.contains(index) ? details.typeURLs[index] : nil),
            ]
        }
        try database.run("DELETE FROM pokemon_ability WHERE pokemon_id = ?", [id])
        try database.run(
            """
            INSERT INTO pokemon_ability (pokemon_id, slot, ability_name, is_hidden, ability_url)
            VALUES (?, ?, ?, ?, ?)
            """, rows: details.abilities.count
        ) { index in
            let ability = details.abilities[index]
            let url = details.abilityURLs.indices.contains(index) ? details.abilityURLs[index] : nil
            return [id, .int(ability.slot), .text(ability.name), .bool(ability.isHidden), .string(url)]
        }
        try database.run("DELETE FROM pokemon_stat WHERE pokemon_id = ?", [id])
        try database.run(
            """
            INSERT INTO pokemon_stat (pokemon_id, position, stat_name, base_stat, effort)
            VALUES (?, ?, ?, ?, ?)
            """, rows: details.stats.count
        ) { index in
            let stat = details.stats[index]
            return [id, .int(index + 1), .text(stat.name), .int(stat.baseStat), .int(stat.effort)]
        }
        try saveLearnset(pokemonID: details.id, details.moves)
        try database.run(
            """
            INSERT INTO pokemon_detail_json (pokemon_id, etag, fetched_at, \(RawBody.pokeAPI.columns))
            VALUES (?, ?, \(SQLTimestamp.now), ?, ?, ?)
            ON CONFLICT (pokemon_id) DO UPDATE SET
                \(RawBody.pokeAPI.excludedAssignments),
                etag = excluded.etag, fetched_at = excluded.fetched_at
            """,
            [id, .string(downloaded.etag)] + RawBody.values(downloaded.body))
    }

    // MARK: Reading

    /// Every stored detail body's ETag and freshness: fresh when downloaded or confirmed
    /// current less than `maximumAgeSeconds` ago (never, when nil).
    public func storedDetails(maximumAgeSeconds: Int?) throws -> [Int: StoredDetail] {
        let rows = try database.query(
            Self.storedDetailsSQL, [.int(maximumAgeSeconds), .text("-\(maximumAgeSeconds ?? 0) seconds")]
        ) { ($0.int(0), StoredDetail(etag: $0.optionalText(1), isFresh: $0.bool(2), url: $0.text(3))) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// The detail body stored for Pokémon `id`, exactly as it was received; nil if none is.
    public func detailBody(id: Int) throws -> [UInt8]? {
        try database.queryFirst(
            "SELECT \(RawBody.pokeAPI.columns) FROM pokemon_detail_json WHERE pokemon_id = ?", [.int(id)]
        ) { try RawBody.body($0, column: 0) }
    }

    /// Answered from the `pokemon_detail_freshness` index and the Pokémon's rows, never the
    /// bodies' pages.
    static let storedDetailsSQL = """
        SELECT body.pokemon_id, body.etag, ? IS NOT NULL AND body.fetched_at > \(SQLTimestamp.nowShiftedByParameter),
            pokemon.url
        FROM pokemon_detail_json AS body JOIN pokemon ON pokemon.id = body.pokemon_id
        """

    public func count() throws -> Int {
        try database.queryFirst("SELECT count(*) FROM pokemon") { $0.int(0) } ?? 0
    }

    /// Every stored name, for "did you mean" suggestions.
    public func names() throws -> [String] {
        try database.query("SELECT name FROM pokemon ORDER BY id") { $0.text(0) }
    }

    /// Every type name some stored Pokémon has, alphabetically.
    public func typeNames() throws -> [String] {
        try database.query("SELECT DISTINCT type_name FROM pokemon_type ORDER BY type_name") { $0.text(0) }
    }

    /// Summaries in id order, optionally only those of one type, with their types in one query.
    public func list(offset: Int, limit: Int, type: String? = nil) throws -> [PokemonSummary] {
        // Type names are PokeAPI slugs ([a-z-]): a comma joins and splits them safely.
        try database.query(
            """
            SELECT p.id, p.name, p.url, p.official_artwork_url,
                   (SELECT group_concat(type_name, ',') FROM
                       (SELECT type_name FROM pokemon_type WHERE pokemon_id = p.id ORDER BY slot))
            FROM pokemon AS p
            WHERE ?1 IS NULL OR p.id IN (SELECT pokemon_id FROM pokemon_type WHERE type_name = ?1)
            ORDER BY p.id LIMIT ?2 OFFSET ?3
            """,
            [.string(type), .int(limit), .int(offset)]
        ) { row in
            let columns = Self.summaryColumns(row)
            return PokemonSummary(
                id: columns.id, name: columns.name, url: columns.url,
                types: row.optionalText(4).map { $0.split(separator: ",").map(String.init) } ?? [],
                artwork: PokemonResource.artwork(id: columns.id, official: columns.official))
        }
    }

    private static func summaryColumns(_ row: Row) -> (id: Int, name: String, url: String, official: String?) {
        (row.int(0), row.text(1), row.text(2), row.optionalText(3))
    }

    /// The Pokémon with this exact slug, or nil.
    public func profile(name: String) throws -> PokemonProfile? {
        let id = try database.queryFirst("SELECT id FROM pokemon WHERE name = ?", [.text(name)]) { $0.int(0) }
        return try id.flatMap(profile(id:))
    }

    /// The Pokémon with this id, or nil.
    public func profile(id: Int) throws -> PokemonProfile? {
        try database.readTransaction {
            let selected = try database.queryFirst(
                """
                SELECT id, name, url, official_artwork_url, height, weight, base_experience,
                       sort_order, species_name, details_synced_at IS NOT NULL
                FROM pokemon WHERE id = ?
                """,
                [.int(id)]
            ) { row in
                (
                    summary: Self.summaryColumns(row), height: row.optionalInt(4), weight: row.optionalInt(5),
                    baseExperience: row.optionalInt(6), order: row.optionalInt(7),
                    species: row.optionalText(8), hasDetails: row.bool(9)
                )
            }
            guard let selected else { return nil }
            let abilities = try database.query(
                "SELECT ability_name, is_hidden, slot FROM pokemon_ability WHERE pokemon_id = ? ORDER BY slot",
                [.int(id)]
            ) { PokemonDetails.Ability(name: $0.text(0), isHidden: $0.bool(1), slot: $0.int(2)) }
            let stats = try database.query(
                "SELECT stat_name, base_stat, effort FROM pokemon_stat WHERE pokemon_id = ? ORDER BY position",
                [.int(id)]
            ) { PokemonDetails.Stat(name: $0.text(0), baseStat: $0.int(1), effort: $0.int(2)) }
            let summary = PokemonSummary(
                id: id, name: selected.summary.name, url: selected.summary.url, types: try types(of: id),
                artwork: PokemonResource.artwork(id: id, official: selected.summary.official))
            return PokemonProfile(
                summary: summary, hasDetails: selected.hasDetails, height: selected.height,
                weight: selected.weight, baseExperience: selected.baseExperience, order: selected.order,
                speciesName: selected.species, abilities: abilities, stats: stats)
        }
    }

    private func types(of id: Int) throws -> [String] {
        try database.query(
            "SELECT type_name FROM pokemon_type WHERE pokemon_id = ? ORDER BY slot",
            [.int(id)]
        ) { $0.text(0) }
    }
}
