import SQLiteDatabase
import TextUtilities

/// Finding a Pokémon by id, slug or a name in any stored language, with suggestions.
extension PokedexEntryQueries {
    public enum Lookup: Sendable, Equatable {
        case found(id: Int, alsoNamed: [AlsoNamed])
        /// A species is stored under that name but none of its Pokémon (a partial sync stores
        /// the species its chains name, not their Pokémon).
        case speciesOnly(species: String, displayName: String)
        case notFound(suggestions: [String])
    }

    /// An id, a slug, or a species name in any stored language, folded (`NameFolding`). Where
    /// the folded name means several Pokémon, the one it names in the display language wins,
    /// then English, then the lowest species id; the others are returned too.
    public func lookup(_ query: String) throws -> Lookup {
        try storedPokemon(query) ?? .notFound(suggestions: try pokemonSuggestions(for: query))
    }

    /// The names "did you mean" offers for a Pokémon ``lookup(_:)`` does not find.
    public func pokemonSuggestions(for query: String) throws -> [String] {
        try suggestions(
            for: NameFolding.fold(Self.trimmed(NameFolding.normalizedWidthAndKana(query))), names: try speciesNames())
    }

    /// ``lookup(_:)`` without the suggestions, which cost most of a miss: nil where it would
    /// make them. Without `romanized`, species' romanized Japanese names (`ja-roma`) are not read.
    public func storedPokemon(_ query: String, romanized: Bool = true) throws -> Lookup? {
        let trimmed = Self.trimmed(NameFolding.normalizedWidthAndKana(query))
        if let id = Self.id(trimmed) {
            let exists = try database.queryFirst("SELECT 1 FROM pokemon WHERE id = ?", [.int(id)]) { _ in true }
            return exists == true ? .found(id: id, alsoNamed: []) : .notFound(suggestions: [])
        }
        // A slug names one Pokémon: no species name is read (most lookups, and the fastest).
        let slug = PokemonName.slug(trimmed)
        if !slug.isEmpty,
            let id = try database.queryFirst("SELECT id FROM pokemon WHERE name = ?", [.text(slug)], row: { $0.int(0) })
        {
            return .found(id: id, alsoNamed: [])
        }
        let folded = NameFolding.fold(trimmed)
        let matches = try speciesNames(folded: folded).filter { romanized || $0.language != "ja-roma" }
        func rank(_ match: (speciesID: Int, speciesName: String, language: String)) -> (Int, Int) {
            (languageRank(match.language), match.speciesID)
        }
        let ranked = matches.sorted(by: { rank($0) < rank($1) })
        for match in ranked {
            if let id = try pokemonID(species: match.speciesID, name: match.speciesName) {
                return .found(id: id, alsoNamed: try others(of: id, among: matches))
            }
        }
        if let species = ranked.first {
            let displayName = try database.queryFirst(
                "SELECT \(Self.localized("pokemon_species_name", "species_id", "name", id: "?1"))",
                [.int(species.speciesID), .text(language)]
            ) { $0.optionalText(0) }
            return .speciesOnly(species: species.speciesName, displayName: (displayName ?? nil) ?? species.speciesName)
        }
        let forms = try pokemonIDs(form: slug, folded: folded)
        if let form = forms.first {
            // A name two forms share (`Mega Meowstic`, male and female) names the other too.
            return .found(
                id: form.id,
                alsoNamed: try forms.dropFirst().map { other in
                    let species = try displayName(pokemonID: other.id) ?? other.name
                    return AlsoNamed(
                        pokemon: other.name,
                        displayName: try formName(pokemon: other.name, speciesName: species) ?? species,
                        languages: other.languages)
                })
        }
        if let id = try pokemonID(formLabel: trimmed) { return .found(id: id, alsoNamed: []) }
        if let id = try pokemonID(compacted: NameFolding.compacted(folded), romanized: romanized) {
            return .found(id: id, alsoNamed: [])
        }
        return nil
    }

    /// The Pokémon whose form `slug` names (`pikachu-rock-star`), else every one whose form's
    /// full name in any stored language is `folded` (`Alolan Raichu`, `Mega-Glurak X`), with
    /// the languages naming it so: the display language's and English names first.
    func pokemonIDs(form slug: String, folded: String) throws -> [(id: Int, name: String, languages: [String])] {
        if let bySlug = try database.queryFirst(
            "SELECT p.id, p.name FROM pokemon_form AS f JOIN pokemon AS p ON p.name = f.pokemon WHERE f.name = ?",
            [.text(slug)], row: { (id: $0.int(0), name: $0.text(1), languages: [String]()) })
        {
            return [bySlug]
        }
        return try database.query(
            """
            SELECT p.id, p.name, group_concat(DISTINCT n.language) FROM pokeapi_name AS n
            JOIN pokemon_form AS f ON f.id = n.id JOIN pokemon AS p ON p.name = f.pokemon
            WHERE n.kind = 'pokemon-form' AND n.folded = ?1
            GROUP BY p.id
            ORDER BY max(n.language = ?2) DESC, max(n.language = 'en') DESC, max(f.is_default) DESC, p.id
            """, [.text(folded), .text(language)]
        ) { (id: $0.int(0), name: $0.text(1), languages: $0.text(2).split(separator: ",").map(String.init)) }
    }

    /// The Pokémon a name typed without its separators means (`mrmime`, `hooh`, `typenull`):
    /// a slug, else a species name in the display language, English, then any, so compared.
    func pokemonID(compacted: String, romanized: Bool = true) throws -> Int? {
        guard !compacted.isEmpty else { return nil }
        if let id = try database.queryFirst(
            "SELECT id FROM pokemon WHERE replace(name, '-', '') = ? ORDER BY id LIMIT 1", [.text(compacted)],
            row: { $0.int(0) })
        {
            return id
        }
        let matching = try speciesNames(folded: compacted, comparedWithoutSeparators: true).filter {
            romanized || $0.language != "ja-roma"
        }
        for name in matching.sorted(by: { languageRank($0.language) < languageRank($1.language) }) {
            if let id = try pokemonID(species: name.speciesID, name: name.speciesName) { return id }
        }
        return nil
    }

    /// The id `text` is, when it is only ASCII digits (full-width ones too), after a `#` if
    /// any (`#0025`, as entries are headed), else nil.
    public static func id(_ text: String) -> Int? {
        var trimmed = trimmed(NameFolding.normalizedWidthAndKana(text))
        if trimmed.hasPrefix("#") { trimmed.removeFirst() }
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(trimmed)
    }

    /// The display language first, then English, then the others.
    func languageRank(_ code: String) -> Int {
        code == language ? 0 : code == "en" ? 1 : 2
    }

    static func trimmed(_ text: String) -> String {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return String(text[start..<end])
    }

    struct SpeciesName {
        let speciesID: Int
        let speciesName: String
        let language: String
        let name: String
        let folded: String
    }

    func speciesNames() throws -> [SpeciesName] {
        // Only species a Pokémon is stored for, as ``pokemonID(species:name:)`` finds it: a
        // species a partial sync's chain stored alone is a suggestion `show` would refuse.
        try database.query(
            """
            WITH shown (species_id) AS (
                SELECT v.species_id FROM pokemon_species_variety AS v JOIN pokemon AS p ON p.name = v.pokemon_name
                WHERE v.is_default = 1
                UNION SELECT s.id FROM pokemon AS p JOIN pokemon_species AS s ON s.name = p.species_name
                UNION SELECT s.id FROM pokemon AS p JOIN pokemon_species AS s ON s.name = p.name
            )
            SELECT n.species_id, s.name, n.language, n.name FROM pokemon_species_name AS n
            JOIN pokemon_species AS s ON s.id = n.species_id
            WHERE n.name IS NOT NULL AND n.species_id IN shown ORDER BY n.species_id, n.language
            """
        ) { row in
            SpeciesName(
                speciesID: row.int(0), speciesName: row.text(1), language: row.text(2), name: row.text(3),
                folded: NameFolding.fold(row.text(3)))
        }
    }

    /// The species names that fold to `folded`: through the index, and by folding those stored
    /// before it had their folded form (until the next sync folds them). `comparedWithoutSeparators`
    /// compares the names' `NameFolding.compacted` forms instead (a scan, for what the index misses).
    func speciesNames(
        folded: String, comparedWithoutSeparators: Bool = false
    ) throws -> [(speciesID: Int, speciesName: String, language: String)] {
        let stored = comparedWithoutSeparators ? "replace(n.folded_name, '-', '')" : "n.folded_name"
        func matches(_ name: String) -> Bool {
            let own = NameFolding.fold(name)
            return (comparedWithoutSeparators ? NameFolding.compacted(own) : own) == folded
        }
        let select = """
            SELECT n.species_id, s.name, n.language, n.name FROM pokemon_species_name AS n
            JOIN pokemon_species AS s ON s.id = n.species_id
            """
        let indexed = try database.query(
            "\(select) WHERE \(stored) = ? ORDER BY n.species_id, n.language", [.text(folded)]
        ) {
            ($0.int(0), $0.text(1), $0.text(2))
        }
        let unfolded = try database.query(
            "\(select) WHERE n.folded_name IS NULL AND n.name IS NOT NULL ORDER BY n.species_id, n.language"
        ) { row in matches(row.text(3)) ? (row.int(0), row.text(1), row.text(2)) : nil }
        return indexed + unfolded.compactMap { $0 }
    }

    /// The species' default Pokémon, else the first stored of that species, else the one of its name.
    func pokemonID(species id: Int, name: String) throws -> Int? {
        try database.queryFirst(
            """
            SELECT coalesce(
                (SELECT p.id FROM pokemon_species_variety AS v JOIN pokemon AS p ON p.name = v.pokemon_name
                 WHERE v.species_id = ?1 AND v.is_default = 1),
                (SELECT min(id) FROM pokemon WHERE species_name = ?2),
                (SELECT id FROM pokemon WHERE name = ?2))
            """,
            [.int(id), .text(name)]
        ) { $0.optionalInt(0) } ?? nil
    }

    func others(
        of id: Int, among matches: [(speciesID: Int, speciesName: String, language: String)]
    ) throws -> [AlsoNamed] {
        var order: [Int] = []
        var languages: [Int: [String]] = [:]
        for match in matches {
            guard let other = try pokemonID(species: match.speciesID, name: match.speciesName), other != id else {
                continue
            }
            if languages[other] == nil { order.append(other) }
            languages[other, default: []].append(match.language)
        }
        return try order.map { other in
            let name = try database.queryFirst("SELECT name FROM pokemon WHERE id = ?", [.int(other)]) { $0.text(0) }
            return AlsoNamed(
                pokemon: name ?? String(other), displayName: try displayName(pokemonID: other) ?? name ?? "",
                languages: languages[other] ?? [])
        }
    }

    /// Stored names nearest the folded query (`NameSuggestions`): species by their names and
    /// slugs, and the Pokémon that are forms of one by their slugs, offered by the form's stored
    /// name where there is one (`Pikachu Ph.D.`, which `show` takes too), else by the slug.
    func suggestions(for folded: String, names: [SpeciesName]) throws -> [String] {
        var suggestions = NameSuggestions(displayLanguage: language)
        var speciesBySlug: [String: Int] = [:]
        var shown: [Int: (rank: Int, name: String)] = [:]
        for name in names {
            speciesBySlug[name.speciesName] = name.speciesID
            let rank = languageRank(name.language)
            if rank < 2, rank < shown[name.speciesID]?.rank ?? 2 { shown[name.speciesID] = (rank, name.name) }
            suggestions.candidates.append(
                .init(thing: "species \(name.speciesID)", key: name.folded, name: name.name, language: name.language))
        }
        for (slug, id) in speciesBySlug { suggestions.shownNames["species \(id)"] = shown[id]?.name ?? slug }
        var forms: Set<String> = []
        for slug in try database.query("SELECT name FROM pokemon ORDER BY id", [], row: { $0.text(0) }) {
            let thing = speciesBySlug[slug].map { "species \($0)" } ?? "pokemon \(slug)"
            if speciesBySlug[slug] == nil { forms.insert(slug) }
            suggestions.candidates.append(.init(thing: thing, key: slug, name: slug, language: nil))
        }
        // Forms by their full names (`Alolan Raichu`), which a misspelling is near, not the slug.
        let formNames = try database.query(
            """
            SELECT f.pokemon, n.language, n.name, n.folded FROM pokeapi_name AS n
            JOIN pokemon_form AS f ON f.id = n.id JOIN pokemon AS p ON p.name = f.pokemon
            WHERE n.kind = 'pokemon-form' AND n.name <> '' ORDER BY f.id, n.language
            """
        ) { (pokemon: $0.text(0), language: $0.text(1), name: $0.text(2), folded: $0.text(3)) }
        for form in formNames {
            let thing = speciesBySlug[form.pokemon].map { "species \($0)" } ?? "pokemon \(form.pokemon)"
            suggestions.candidates.append(
                .init(thing: thing, key: form.folded, name: form.name, language: form.language))
            // Offered by its name in the display language, whichever of its names was near.
            if form.language.lowercased() == language.lowercased(), speciesBySlug[form.pokemon] == nil {
                suggestions.shownNames[thing] = form.name
            }
        }
        var offered: [String] = []
        for name in suggestions.suggestions(for: folded) {
            let shown = forms.contains(name) ? try storedName(kind: "pokemon-form", slug: name) ?? name : name
            // Two forms may share a stored name: offered once.
            if !offered.contains(shown) { offered.append(shown) }
        }
        return offered
    }
}
