import SQLiteDatabase
import TextUtilities

/// Names of the kinds kept as bodies (`pokeapi_name`, migration 0022) read back: a resource
/// named by id, slug or a name in any language, and names in the display language.
extension PokedexEntryQueries {
    /// The slug of the `kind` resource `text` names: its id, its slug, its English name as a
    /// slug (`King's Rock`), or a name in any stored language, folded (`Rot`, `10まんボルト`);
    /// the display language's and English names win a tie. nil for none.
    public func resourceSlug(_ text: String, kind: String) throws -> String? {
        if let id = Self.id(text) {
            return try database.queryFirst(
                "SELECT name FROM pokeapi_resource WHERE kind = ? AND id = ?", [.text(kind), .int(id)]
            ) { $0.optionalText(0) } ?? nil
        }
        // The slug as stored first: `acid-downpour--physical` is not `acid-downpour-physical`.
        // PokeAPI lists a few slugs twice (`roseli-berry`: 723, and an empty 2279); the stored
        // `slug~id` of the other is a candidate too, and the one with names wins, then the
        // lowest id.
        if let slug = try database.queryFirst(
            """
            SELECT name FROM pokeapi_resource AS r
            WHERE kind = ?1 AND (name IN (?2, ?3)
                OR (name BETWEEN ?2 || '~0' AND ?2 || '~9' || char(0x10FFFF) AND ltrim(substr(name, length(?2) + 2), '0123456789') = '')
                OR (name BETWEEN ?3 || '~0' AND ?3 || '~9' || char(0x10FFFF) AND ltrim(substr(name, length(?3) + 2), '0123456789') = ''))
            ORDER BY (name = ?2 OR substr(name, 1, length(?2) + 1) = ?2 || '~') DESC,
                EXISTS (SELECT 1 FROM pokeapi_name WHERE kind = r.kind AND id = r.id) DESC, id
            LIMIT 1
            """, [.text(kind), .text(text), .text(Self.slug(text))], row: { $0.text(0) })
        {
            return slug
        }
        let folded = NameFolding.fold(text)
        if let slug = try database.queryFirst(
            """
            SELECT r.name FROM pokeapi_name AS n JOIN pokeapi_resource AS r ON r.kind = n.kind AND r.id = n.id
            WHERE n.kind = ?1 AND n.folded = ?2 AND r.name IS NOT NULL
            ORDER BY n.language = ?3 DESC, n.language = 'en' DESC, n.id LIMIT 1
            """, [.text(kind), .text(folded), .text(language)], row: { $0.text(0) })
        {
            return slug
        }
        // Typed as one word (`masterball`, `kingsrock`), as Pokémon names may be.
        let compacted = NameFolding.compacted(folded)
        guard !compacted.isEmpty else { return nil }
        return try database.queryFirst(
            """
            SELECT r.name FROM pokeapi_name AS n JOIN pokeapi_resource AS r ON r.kind = n.kind AND r.id = n.id
            WHERE n.kind = ?1 AND replace(n.folded, '-', '') = ?2 AND r.name IS NOT NULL
            ORDER BY n.language = ?3 DESC, n.language = 'en' DESC, n.id LIMIT 1
            """, [.text(kind), .text(compacted), .text(language)]
        ) { $0.text(0) }
    }

    /// The `kind` resources other than `slug` that `text` names too, by slug in id order: "Route
    /// 2" is Kanto's and Unova's. None when `text` is an id or a slug, which name one.
    public func otherResources(named text: String, kind: String, than slug: String) throws -> [String] {
        guard Self.id(text) == nil, text != slug else { return [] }
        return try database.query(
            """
            SELECT DISTINCT r.name FROM pokeapi_name AS n
            JOIN pokeapi_resource AS r ON r.kind = n.kind AND r.id = n.id
            WHERE n.kind = ?1 AND n.folded = ?2 AND r.name IS NOT NULL AND r.name <> ?3 ORDER BY r.id
            """, [.text(kind), .text(NameFolding.fold(text)), .text(slug)]
        ) { $0.text(0) }
    }

    /// Every stored `kind` resource's slug, in order.
    public func resourceSlugs(kind: String) throws -> [String] {
        try database.query(
            "SELECT name FROM pokeapi_resource WHERE kind = ? AND name IS NOT NULL ORDER BY name", [.text(kind)]
        ) { $0.text(0) }
    }

    /// Every `kind` resource's name in the display language, else English, by slug.
    public func displayNames(kind: String) throws -> [String: String] {
        let rows = try database.query(
            """
            SELECT r.name, coalesce(
                (SELECT name FROM pokeapi_name WHERE kind = r.kind AND id = r.id AND language = ?2 COLLATE NOCASE),
                (SELECT name FROM pokeapi_name WHERE kind = r.kind AND id = r.id AND language = \(Self.otherScript(of: "?2"))),
                (SELECT name FROM pokeapi_name WHERE kind = r.kind AND id = r.id AND language = 'en'))
            FROM pokeapi_resource AS r WHERE r.kind = ?1 AND r.name IS NOT NULL
            """, [.text(kind), .text(language)]
        ) { ($0.text(0), $0.optionalText(1)) }
        var names: [String: String] = [:]
        for (slug, name) in rows {
            if let name, !name.isEmpty { names[slug] = name }
        }
        return names
    }

    /// One resource's name in the display language, else (unless `orEnglish` is false)
    /// English; nil when none is stored.
    public func storedName(kind: String, slug: String, orEnglish: Bool = true) throws -> String? {
        try database.queryFirst(
            "SELECT \(Self.storedName(kind: "?1", slug: "?2", language: "?3", orEnglish: orEnglish))",
            [.text(kind), .text(slug), .text(language)]
        ) { $0.optionalText(0) } ?? nil
    }

    /// ``storedName(kind:slug:orEnglish:)`` as an SQL expression of `kind`, `slug` and
    /// `language` (SQL too: placeholders or columns), for a query to select beside its rows.
    static func storedName(kind: String, slug: String, language: String, orEnglish: Bool = true) -> String {
        """
        (SELECT n.name FROM pokeapi_resource AS r JOIN pokeapi_name AS n ON n.kind = r.kind AND n.id = r.id
         WHERE r.kind = \(kind) AND r.name = \(slug) AND n.name <> ''
           AND n.language IN (\(language), \(otherScript(of: language))\(orEnglish ? ", 'en'" : ""))
         ORDER BY n.language = \(language) DESC, n.language = \(otherScript(of: language)) DESC LIMIT 1)
        """
    }

    /// Names "did you mean" offers for a `kind` resource that is not stored.
    public func resourceSuggestions(for text: String, kind: String) throws -> [String] {
        let slugs = try database.query(
            "SELECT name FROM pokeapi_resource WHERE kind = ? AND name IS NOT NULL ORDER BY id", [.text(kind)]
        ) { $0.text(0) }
        let names = try database.query(
            """
            SELECT r.name, n.language, n.name FROM pokeapi_name AS n
            JOIN pokeapi_resource AS r ON r.kind = n.kind AND r.id = n.id
            WHERE n.kind = ? AND r.name IS NOT NULL ORDER BY n.id
            """, [.text(kind)]
        ) { ($0.text(0), $0.text(1), $0.text(2)) }
        let shown = try displayNames(kind: kind)
        return suggestions(for: text, slugs: slugs, names: names, shownAs: { shown[$0] ?? SlugText.readable($0) })
    }
}
