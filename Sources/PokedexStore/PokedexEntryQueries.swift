import LocalDatabase
import SQLiteDatabase
import TextUtilities

/// What `show`, `list`, `type` and `ability` read: the Pokémon with what their linked kinds
/// tell of them. Every query works on a database where the linked kinds' tables are empty
/// (synced before them, or the Pokémon only): names are then slugs and the sections they feed
/// are empty.
public struct PokedexEntryQueries {
    public let database: Database
    /// The display language, as stored (`en`, `zh-hant`).
    public let language: String

    public init(database: Database, language: String = "en") {
        self.database = database
        self.language = language
    }

    // MARK: Languages

    /// Every language some species name is stored in, alphabetically.
    public func languages() throws -> [String] {
        try database.query("SELECT DISTINCT language FROM pokemon_species_name ORDER BY language") { $0.text(0) }
    }

    /// The stored code `code` means (case-insensitive: `zh-Hant` is `zh-hant`), or nil: one
    /// read that stops at the first name in that language, where listing them all reads every
    /// name, a large share of each query.
    public func storedLanguage(_ code: String) throws -> String? {
        try database.queryFirst(
            "SELECT language FROM pokemon_species_name WHERE language = ? COLLATE NOCASE LIMIT 1", [.text(code)]
        ) { $0.text(0) }
    }

    // MARK: Names

    /// `table`'s `column` for the row whose `idColumn` is `?1`, in the display language (`?2`),
    /// else in its other script (``otherScript(of:)``), else English.
    static func localized(_ table: String, _ idColumn: String, _ column: String, id: String) -> String {
        """
        coalesce(\(inLanguage(table, idColumn, column, id: id)),
                 (SELECT \(column) FROM \(table) WHERE \(idColumn) = \(id) AND language = 'en'))
        """
    }

    /// As ``localized(_:_:_:id:)`` without English: NULL where the display language (`?2`) and
    /// its other script have none.
    static func inLanguage(_ table: String, _ idColumn: String, _ column: String, id: String) -> String {
        """
        coalesce((SELECT \(column) FROM \(table) WHERE \(idColumn) = \(id) AND language = ?2 COLLATE NOCASE AND \(column) IS NOT NULL),
                 (SELECT \(column) FROM \(table) WHERE \(idColumn) = \(id) AND language = \(otherScript(of: "?2")) AND \(column) IS NOT NULL))
        """
    }

    /// The newest game text (`pokeapi_flavor_text`) of the resource of kind `kind` (SQL) whose
    /// id is `id` (SQL), in the display language (`?2`) or its other script; else NULL.
    static func gameTextInLanguage(kind: String, id: String) -> String {
        """
        (SELECT f.text FROM pokeapi_flavor_text AS f LEFT JOIN version_group AS g ON g.name = f.version_group
         WHERE f.kind = \(kind) AND f.id = \(id)
           AND (f.language = ?2 COLLATE NOCASE OR f.language = \(otherScript(of: "?2")))
         ORDER BY f.language = ?2 COLLATE NOCASE DESC, g.sort_order DESC LIMIT 1)
        """
    }

    /// The language PokeAPI also writes the display language in, as an SQL expression of
    /// `language` (SQL too), else NULL: Japanese in kana (`ja-hrkt`, which alone names egg
    /// groups and versions) and with kanji (`ja`), Spanish of Spain and of Latin America
    /// (`es-419`), Chinese in simplified and traditional characters (72 moves are named in
    /// `zh-hant` alone). A reader of one reads the other, rather than English.
    static func otherScript(of language: String) -> String {
        """
        (CASE lower(\(language)) WHEN 'ja' THEN 'ja-hrkt' WHEN 'ja-hrkt' THEN 'ja' WHEN 'es' THEN 'es-419' \
        WHEN 'es-419' THEN 'es' WHEN 'zh-hans' THEN 'zh-hant' WHEN 'zh-hant' THEN 'zh-hans' END)
        """
    }

    /// A Pokémon's species name in the display language, else English; nil when none is stored.
    public func displayName(pokemonID id: Int) throws -> String? {
        try database.queryFirst(
            """
            SELECT \(Self.localized("pokemon_species_name", "species_id", "name", id: "s.id"))
            FROM pokemon AS p JOIN pokemon_species AS s ON s.name = p.species_name WHERE p.id = ?1
            """,
            [.int(id), .text(language)]
        ) { $0.optionalText(0) } ?? nil
    }

    /// Every type's display name by slug (types not synced are missing: see `typeDisplayName`).
    public func typeDisplayNames() throws -> [String: String] {
        let rows = try database.query(
            "SELECT t.name, \(Self.localized("type_name", "type_id", "name", id: "t.id")) FROM type AS t",
            [.null, .text(language)]
        ) { ($0.text(0), $0.optionalText(1)) }
        var names: [String: String] = [:]
        for (slug, name) in rows where name != nil { names[slug] = name }
        return names
    }

    /// A type's display name from `typeDisplayNames`, else its slug title-cased ("Water"), as
    /// items and moves are shown: a type a partial sync only saw named reads like the others.
    static func typeDisplayName(_ slug: String, _ names: [String: String]) -> String {
        names[slug] ?? SlugText.readable(slug)
    }

    func named(_ slugs: [String], _ names: [String: String]) -> [NamedType] {
        slugs.map { NamedType(name: $0, displayName: Self.typeDisplayName($0, names)) }
    }

    /// The part of the Pokémon a partial sync took (`offset 24 limit 21`), when no whole sync
    /// of them has succeeded: what is not found here may just not be synced.
    public func partialSyncScope() throws -> String? {
        let log = SyncRunLog(database: database)
        let pokemon = SyncResource.pokeAPI(.pokemon)
        guard try log.latest(pokemon, outcomes: [.succeeded], covering: .whole) == nil else { return nil }
        return try log.latest(pokemon, outcomes: [.succeeded])?.partialScope
    }

    /// `type_damage` and the attacking types of `matchup_type`, in PokeAPI's id order.
    public func matchups() throws -> (TypeMatchups, attackers: [String]) {
        // In quarters, read as integers: 0, 2 (½) or 8 (2), exactly.
        let rows = try database.query(
            "SELECT attacking_type, defending_type, CAST(round(multiplier * 4) AS INTEGER) FROM type_damage"
        ) { row in (attacking: row.text(0), defending: row.text(1), multiplier: Double(row.int(2)) / 4) }
        let attackers = try database.query("SELECT name FROM matchup_type ORDER BY id IS NULL, id, name") {
            $0.text(0)
        }
        return (TypeMatchups(rows: rows), attackers)
    }
}
