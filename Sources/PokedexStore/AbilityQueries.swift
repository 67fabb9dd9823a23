import SQLiteDatabase
import TextUtilities

/// `ability`: an ability's effect and its Pokémon.
extension PokedexEntryQueries {
    /// The ability slug `text` means: a stored slug, or a display name in any language, folded.
    public func abilitySlug(_ text: String) throws -> String? {
        if let id = Self.id(text) {
            return try database.queryFirst("SELECT name FROM ability WHERE id = ?", [.int(id)]) { $0.text(0) }
        }
        let slug = PokemonName.slug(NameFolding.normalizedWidthAndKana(text))
        if try knownAbilitySlugs().contains(slug) { return slug }
        let folded = NameFolding.fold(text)
        let names = try database.query(
            "SELECT a.name, n.name FROM ability_name AS n JOIN ability AS a ON a.id = n.ability_id "
                + "ORDER BY n.language = ? DESC, n.language = 'en' DESC, a.id",
            [.text(language)]
        ) { ($0.text(0), $0.text(1)) }
        return names.first { NameFolding.fold($0.1) == folded }?.0
    }

    public func knownAbilitySlugs() throws -> [String] {
        try database.query("SELECT ability_name FROM pokemon_ability UNION SELECT name FROM ability ORDER BY 1") {
            $0.text(0)
        }
    }

    /// Names "did you mean" offers for an unknown ability (`NameSuggestions`).
    public func abilitySuggestions(for text: String) throws -> [String] {
        let names = try database.query(
            "SELECT a.name, n.language, n.name FROM ability_name AS n JOIN ability AS a ON a.id = n.ability_id "
                + "ORDER BY a.id"
        ) { ($0.text(0), $0.text(1), $0.text(2)) }
        let shown = try database.query(
            "SELECT a.name, \(Self.localized("ability_name", "ability_id", "name", id: "a.id")) FROM ability AS a",
            [.null, .text(language)]
        ) { ($0.text(0), $0.optionalText(1)) }
        let displayNames = Dictionary(
            shown.compactMap { slug, name in name.map { (slug, $0) } }, uniquingKeysWith: { first, _ in first })
        return suggestions(
            for: text, slugs: try knownAbilitySlugs(), names: names,
            shownAs: { displayNames[$0] ?? SlugText.readable($0) })
    }

    public func abilityEntry(slug: String) throws -> AbilityEntry {
        try database.readTransaction {
            let typeNames = try typeDisplayNames()
            let stored = try database.queryFirst(
                """
                SELECT a.generation, \(Self.localized("ability_name", "ability_id", "name", id: "a.id")),
                       \(Self.localized("ability_effect", "ability_id", "short_effect", id: "a.id")),
                       \(Self.localized("ability_effect", "ability_id", "effect", id: "a.id")), a.id
                FROM ability AS a WHERE a.name = ?1
                """,
                [.text(slug), .text(language)]
            ) { ($0.optionalText(0), $0.optionalText(1), $0.optionalText(2), $0.optionalText(3), $0.int(4)) }
            let pokemon = try database.query(
                """
                SELECT \(Self.listedColumns), a.is_hidden
                FROM pokemon_ability AS a JOIN pokemon AS p ON p.id = a.pokemon_id
                LEFT JOIN pokemon_species AS s ON s.name = p.species_name
                WHERE a.ability_name = ?1 ORDER BY p.id
                """,
                [.text(slug), .text(language)]
            ) { row in (pokemon: listed(row, typeNames), isHidden: row.bool(Self.listedColumnCount)) }
            return AbilityEntry(
                name: slug, displayName: stored?.1 ?? slug, generation: stored?.0, shortEffect: stored?.2,
                effect: stored?.3,
                gameText: try stored.flatMap {
                    try gameText(kind: PokeAPIResources.ability.kind.name, id: $0.4, versionGroup: nil)
                }, pokemon: pokemon)
        }
    }
}
