import SQLiteDatabase
import TextUtilities

/// `list`: Pokémon in id order, by type and generation, and type names as typed.
extension PokedexEntryQueries {
    /// Pokémon in id order with their display names, optionally of one type (a slug), one
    /// generation, and learning one move (a slug) in any or one version group.
    public func list(
        offset: Int, limit: Int, type: String? = nil, generation: Int? = nil, learns: String? = nil,
        versionGroup: String? = nil
    ) throws -> [ListedPokemon] {
        let typeNames = try typeDisplayNames()
        return try database.query(
            """
            SELECT \(Self.listedColumns)
            \(Self.listedPokemon)
            ORDER BY p.id LIMIT ?4 OFFSET ?5
            """,
            [
                .string(type), .text(language), .int(generation), .int(limit), .int(offset), .string(learns),
                .string(versionGroup),
            ],
            row: { row in listed(row, typeNames) })
    }

    /// How many Pokémon `list` has for the same filters, at any offset.
    public func count(
        type: String?, generation: Int?, learns: String? = nil, versionGroup: String? = nil
    ) throws -> Int {
        try database.queryFirst(
            "SELECT count(*) \(Self.listedPokemon)",
            [.string(type), .null, .int(generation), .null, .null, .string(learns), .string(versionGroup)],
            row: { $0.int(0) }) ?? 0
    }

    /// The ids of the Pokémon `list --learns` lists: those that learn the move `slug` in any
    /// game, by any method.
    public func learnerIDs(ofMove slug: String) throws -> [Int] {
        try database.query(
            "SELECT p.id \(Self.listedPokemon)", [.null, .null, .null, .null, .null, .text(slug), .null],
            row: { $0.int(0) })
    }

    /// The Pokémon of a type (`?1`, a slug), a generation (`?3`) and learning a move (`?6`) in a
    /// version group (`?7`), each nil for any.
    private static let listedPokemon = """
        FROM pokemon AS p LEFT JOIN pokemon_species AS s ON s.name = p.species_name
        WHERE (?1 IS NULL OR p.id IN (SELECT pokemon_id FROM pokemon_type WHERE type_name = ?1))
          AND (?3 IS NULL OR s.generation_number = ?3)
          AND (?6 IS NULL OR p.id IN (
              SELECT pokemon_id FROM pokemon_move WHERE move_name = ?6 AND (?7 IS NULL OR version_group = ?7)))
        """

    /// The columns ``listed(_:_:)`` reads, of `p` (a `pokemon`) and `s` (its species, left
    /// joined), the display language bound as `?2`.
    static let listedColumns = """
        p.id, p.name, p.url, p.official_artwork_url,
        (SELECT group_concat(type_name, ',') FROM
            (SELECT type_name FROM pokemon_type WHERE pokemon_id = p.id ORDER BY slot)),
        \(localized("pokemon_species_name", "species_id", "name", id: "s.id")),
        s.generation_number, s.id, s.name,
        (SELECT l.name FROM pokemon_form AS f JOIN pokemon_form_label AS l ON l.form_id = f.id
         WHERE f.pokemon = p.name AND ?2 <> 'en' AND l.name <> '' AND l.language IN (?2, \(otherScript(of: "?2")))
         ORDER BY l.language = ?2 DESC, f.is_default DESC LIMIT 1),
        (SELECT n.name FROM pokemon_form AS f JOIN pokeapi_name AS n ON n.kind = 'pokemon-form' AND n.id = f.id
         WHERE f.pokemon = p.name AND ?2 <> 'en' AND n.name <> '' AND n.language IN (?2, \(otherScript(of: "?2")))
         ORDER BY n.language = ?2 DESC, f.is_default DESC LIMIT 1)
        """
    /// How many columns ``listedColumns`` selects: a caller's own columns start at this index.
    static let listedColumnCount: Int32 = 11

    func listed(_ row: Row, _ typeNames: [String: String]) -> ListedPokemon {
        let id = row.int(0)
        let types = row.optionalText(4).map { $0.split(separator: ",").map(String.init) } ?? []
        let summary = PokemonSummary(
            id: id, name: row.text(1), url: row.text(2), types: types,
            artwork: PokemonResource.artwork(id: id, official: row.optionalText(3)))
        return ListedPokemon(
            summary: summary, pokedexNumber: row.optionalInt(7),
            form: PokemonForm.suffix(pokemon: summary.name, species: row.optionalText(8)),
            displayName: row.optionalText(5) ?? row.text(1), generation: row.optionalInt(6),
            typeNames: types.map { Self.typeDisplayName($0, typeNames) }, formLabel: row.optionalText(9),
            formName: row.optionalText(10))
    }

    /// The type slug `text` means: a slug some Pokémon or stored type has, or a type's display
    /// name in any language, folded.
    public func typeSlug(_ text: String) throws -> String? {
        if let id = Self.id(text) {
            return try database.queryFirst("SELECT name FROM type WHERE id = ?", [.int(id)]) { $0.text(0) }
        }
        let slug = PokemonName.slug(NameFolding.normalizedWidthAndKana(text))
        let slugs = try knownTypeSlugs()
        if slugs.contains(slug) { return slug }
        let folded = NameFolding.fold(text)
        let names = try database.query(
            "SELECT t.name, n.name FROM type_name AS n JOIN type AS t ON t.id = n.type_id ORDER BY n.language = ? DESC",
            [.text(language)]
        ) { ($0.text(0), $0.text(1)) }
        return names.first { NameFolding.fold($0.1) == folded }?.0
    }

    /// Slugs of every type some Pokémon has or whose resource is stored.
    public func knownTypeSlugs() throws -> [String] {
        try database.query("SELECT type_name FROM pokemon_type UNION SELECT name FROM type ORDER BY 1") { $0.text(0) }
    }

    /// Names "did you mean" offers for an unknown type (`NameSuggestions`).
    public func typeSuggestions(for text: String) throws -> [String] {
        let names = try database.query(
            "SELECT t.name, n.language, n.name FROM type_name AS n JOIN type AS t ON t.id = n.type_id ORDER BY t.id"
        ) { ($0.text(0), $0.text(1), $0.text(2)) }
        let displayNames = try typeDisplayNames()
        return suggestions(
            for: text, slugs: try knownTypeSlugs(), names: names,
            shownAs: { Self.typeDisplayName($0, displayNames) })
    }

    /// Slugs and names in every language (slug, language, name) as `NameSuggestions` offers them.
    func suggestions(
        for text: String, slugs: [String], names: [(slug: String, language: String, name: String)],
        shownAs displayName: (String) -> String
    ) -> [String] {
        var suggestions = NameSuggestions(displayLanguage: language)
        for slug in slugs {
            suggestions.shownNames[slug] = displayName(slug)
            suggestions.candidates.append(.init(thing: slug, key: slug, name: slug, language: nil))
        }
        for (slug, language, name) in names {
            suggestions.shownNames[slug] = suggestions.shownNames[slug] ?? displayName(slug)
            suggestions.candidates.append(
                .init(thing: slug, key: NameFolding.fold(name), name: name, language: language))
        }
        return suggestions.suggestions(for: NameFolding.fold(text))
    }
}
