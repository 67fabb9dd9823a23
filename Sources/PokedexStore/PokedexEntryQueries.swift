import SQLiteDatabase
import TextUtilities

/// The read side of the Pokédex entry's tables (migration 0007). Every query works on a
/// database where they are empty (synced before them, or the catalog only): names are then
/// slugs and the sections they feed are empty.
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
    /// name (≈1.4 ms of each query's ≈5 in the whole dex).
    public func storedLanguage(_ code: String) throws -> String? {
        try database.queryFirst(
            "SELECT language FROM pokemon_species_name WHERE language = ? COLLATE NOCASE LIMIT 1", [.text(code)]
        ) { $0.text(0) }
    }

    // MARK: Lookup

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
        let matches = try speciesNames(folded: folded)
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
        if let id = try pokemonID(compacted: NameFolding.compacted(folded)) {
            return .found(id: id, alsoNamed: [])
        }
        return .notFound(suggestions: try suggestions(for: folded, names: try speciesNames()))
    }

    /// The Pokémon a name typed without its separators means (`mrmime`, `hooh`, `typenull`):
    /// a slug, else a species name in the display language, English, then any, so compared.
    private func pokemonID(compacted: String) throws -> Int? {
        guard !compacted.isEmpty else { return nil }
        if let id = try database.queryFirst(
            "SELECT id FROM pokemon WHERE replace(name, '-', '') = ? ORDER BY id LIMIT 1", [.text(compacted)],
            row: { $0.int(0) })
        {
            return id
        }
        let matching = try speciesNames(folded: compacted, comparedWithoutSeparators: true)
        for name in matching.sorted(by: { languageRank($0.language) < languageRank($1.language) }) {
            if let id = try pokemonID(species: name.speciesID, name: name.speciesName) { return id }
        }
        return nil
    }

    /// The id `text` is, when it is only ASCII digits (full-width ones too), else nil.
    static func id(_ text: String) -> Int? {
        let trimmed = trimmed(NameFolding.normalizedWidthAndKana(text))
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(trimmed)
    }

    /// The display language first, then English, then the others.
    private func languageRank(_ code: String) -> Int {
        code == language ? 0 : code == "en" ? 1 : 2
    }

    private static func trimmed(_ text: String) -> String {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return String(text[start..<end])
    }

    private struct SpeciesName {
        let speciesID: Int
        let speciesName: String
        let language: String
        let name: String
        let folded: String
    }

    private func speciesNames() throws -> [SpeciesName] {
        try database.query(
            """
            SELECT n.species_id, s.name, n.language, n.name FROM pokemon_species_name AS n
            JOIN pokemon_species AS s ON s.id = n.species_id
            WHERE n.name IS NOT NULL ORDER BY n.species_id, n.language
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
    private func speciesNames(
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
    private func pokemonID(species id: Int, name: String) throws -> Int? {
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

    private func others(
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

    /// Stored names nearest the folded query, in every language: slugs as they are, species
    /// names as written.
    private func suggestions(for folded: String, names: [SpeciesName]) throws -> [String] {
        var shown: [String: String] = [:]
        var candidates: [String] = []
        for slug in try database.query("SELECT name FROM pokemon ORDER BY id", [], row: { $0.text(0) })
        where shown[slug] == nil {
            shown[slug] = slug
            candidates.append(slug)
        }
        for name in names where !name.folded.isEmpty && shown[name.folded] == nil {
            shown[name.folded] = name.name
            candidates.append(name.folded)
        }
        return PokemonName.suggestions(for: folded, among: candidates).compactMap { shown[$0] }
    }

    // MARK: Names

    /// `table`'s `column` for the row whose `idColumn` is `?1`, in the display language (`?2`),
    /// else English.
    private static func localized(_ table: String, _ idColumn: String, _ column: String, id: String) -> String {
        """
        coalesce((SELECT \(column) FROM \(table) WHERE \(idColumn) = \(id) AND language = ?2 COLLATE NOCASE AND \(column) IS NOT NULL),
                 (SELECT \(column) FROM \(table) WHERE \(idColumn) = \(id) AND language = 'en'))
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

    // MARK: show

    /// The entry of the Pokémon with this id, or nil.
    public func entry(id: Int) throws -> PokedexEntry? {
        // One snapshot for the catalog's part and the entry's: a sync committing in between
        // cannot pair a Pokémon with another version of its species.
        try database.readTransaction {
            guard let profile = try PokemonCatalog(database: database).profile(id: id) else { return nil }
            let typeNames = try typeDisplayNames()
            let species = try speciesFacts(name: profile.speciesName ?? profile.summary.name)
            let localizedSpecies = try species.flatMap { species in
                try database.queryFirst(
                    """
                    SELECT \(Self.localized("pokemon_species_name", "species_id", "name", id: "?1")),
                           \(Self.localized("pokemon_species_name", "species_id", "genus", id: "?1"))
                    """,
                    [.int(species.id), .text(language)]
                ) { ($0.optionalText(0), $0.optionalText(1)) }
            }
            let abilities = try profile.abilities.map { ability in
                let names = try database.queryFirst(
                    """
                    SELECT \(Self.localized("ability_name", "ability_id", "name", id: "a.id")),
                           \(Self.localized("ability_effect", "ability_id", "short_effect", id: "a.id"))
                    FROM ability AS a WHERE a.name = ?1
                    """,
                    [.text(ability.name), .text(language)]
                ) { ($0.optionalText(0), $0.optionalText(1)) }
                return EntryAbility(
                    name: ability.name, displayName: names?.0 ?? ability.name, isHidden: ability.isHidden,
                    slot: ability.slot, shortEffect: names?.1)
            }
            let (matchups, attackers) = try matchups()
            let defense = matchups.defense(of: profile.summary.types, attackers: attackers).map {
                ($0.0, named($0.1, typeNames))
            }
            let varieties =
                try species.map { species in
                    try database.query(
                        """
                        SELECT pokemon_name FROM pokemon_species_variety WHERE species_id = ? AND pokemon_name <> ?
                        ORDER BY is_default DESC, pokemon_name
                        """,
                        [.int(species.id), .text(profile.summary.name)]
                    ) { $0.text(0) }
                } ?? []
            return PokedexEntry(
                profile: profile, pokedexNumber: species?.id,
                form: PokemonForm.suffix(pokemon: profile.summary.name, species: species?.name), language: language,
                displayName: localizedSpecies?.0 ?? profile.summary.name, genus: localizedSpecies?.1,
                species: species, types: named(profile.summary.types, typeNames), abilities: abilities,
                flavorText: try species.flatMap { try flavorText(speciesID: $0.id) },
                evolution: try species.flatMap { try evolutionChain(speciesName: $0.name) },
                defense: defense, otherVarieties: varieties)
        }
    }

    private func speciesFacts(name: String) throws -> SpeciesFacts? {
        let facts = try database.queryFirst(
            """
            SELECT id, name, generation_number, generation, is_legendary, is_mythical, is_baby,
                   capture_rate, gender_rate
            FROM pokemon_species WHERE name = ?
            """,
            [.text(name)]
        ) { row in
            (
                row.int(0), row.text(1), row.optionalInt(2), row.optionalText(3), row.optionalInt(4) == 1,
                row.optionalInt(5) == 1, row.optionalInt(6) == 1, row.optionalInt(7), row.optionalInt(8)
            )
        }
        guard let facts else { return nil }
        let eggGroups = try database.query(
            """
            SELECT egg_group FROM pokemon_species_egg_group WHERE species_id = ?
            ORDER BY position IS NULL, position, egg_group
            """,
            [.int(facts.0)]
        ) { $0.text(0) }
        return SpeciesFacts(
            id: facts.0, name: facts.1, generation: facts.2, generationName: facts.3, isLegendary: facts.4,
            isMythical: facts.5, isBaby: facts.6, captureRate: facts.7, genderRate: facts.8, eggGroups: eggGroups)
    }

    /// The newest Pokédex text (highest position) in the display language, else English.
    private func flavorText(speciesID: Int) throws -> FlavorText? {
        try database.queryFirst(
            """
            SELECT text, version, language FROM pokemon_species_flavor_text
            WHERE species_id = ?1 AND language IN (?2, 'en')
            ORDER BY language = ?2 DESC, position DESC LIMIT 1
            """,
            [.int(speciesID), .text(language)]
        ) { FlavorText(text: $0.text(0), version: $0.text(1), language: $0.text(2)) }
    }

    /// The chain the species belongs to, with every member's display name, usual form and
    /// steps; joined with the chains its species' `evolves_from` continues it into (Meltan →
    /// Melmetal are two chains), members in chain order, each with its position in its chain.
    public func evolutionChain(speciesName: String) throws -> EvolutionChain? {
        guard
            let chainID = try database.queryFirst(
                // The chain the species' own body names, once synced; else the one naming it
                // (a chain it left may still be stored, never refreshed again).
                """
                SELECT coalesce(
                    (SELECT s.evolution_chain_id FROM pokemon_species AS s
                     JOIN evolution_chain_member AS m ON m.chain_id = s.evolution_chain_id AND m.species_name = s.name
                     WHERE s.name = ?1),
                    (SELECT chain_id FROM evolution_chain_member WHERE species_name = ?1 ORDER BY chain_id LIMIT 1))
                """,
                [.text(speciesName)], row: { $0.optionalInt(0) }) ?? nil
        else { return nil }
        let chains = try linkedChains(chainID)
        var stepsByMember: [ChainPosition: [EvolutionStep]] = [:]
        for (position, step) in try evolutionSteps(chains: chains) { stepsByMember[position, default: []].append(step) }
        let rows = try database.query(
            """
            SELECT m.chain_id, m.position, m.species_name, coalesce(m.evolves_from, s.evolves_from), m.is_baby,
                   \(Self.localized("pokemon_species_name", "species_id", "name", id: "s.id")),
                   (SELECT v.pokemon_name FROM pokemon_species_variety AS v
                    WHERE v.species_id = s.id AND v.is_default = 1 ORDER BY v.pokemon_name LIMIT 1),
                   c.baby_trigger_item
            FROM evolution_chain_member AS m
            JOIN evolution_chain AS c ON c.id = m.chain_id
            LEFT JOIN pokemon_species AS s ON s.name = m.species_name
            WHERE m.chain_id IN (SELECT value FROM json_each(?3)) ORDER BY m.chain_id, m.position
            """,
            [.int(chainID), .text(language), .text(Self.jsonArray(chains))]
        ) { row in
            (
                chain: row.int(0), position: row.int(1), species: row.text(2), evolvesFrom: row.optionalText(3),
                isBaby: row.bool(4), displayName: row.optionalText(5), defaultForm: row.optionalText(6),
                babyTriggerItem: row.optionalText(7)
            )
        }
        var members: [EvolutionMember] = []
        var named: Set<String> = []
        for row in rows where named.insert(row.species).inserted {
            members.append(
                EvolutionMember(
                    position: row.position, speciesName: row.species, displayName: row.displayName ?? row.species,
                    evolvesFrom: row.evolvesFrom, isBaby: row.isBaby, defaultForm: row.defaultForm,
                    steps: stepsByMember[ChainPosition(chain: row.chain, position: row.position)] ?? []))
        }
        let babyTrigger = rows.first { $0.isBaby && $0.babyTriggerItem != nil }?.babyTriggerItem
        return EvolutionChain(id: chainID, babyTriggerItem: babyTrigger, members: members)
    }

    /// Chain ids as one bound value, read back with `json_each`.
    private static func jsonArray(_ ids: [Int]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }

    private struct ChainPosition: Hashable {
        let chain: Int
        let position: Int
    }

    /// `chainID` and every stored chain a species' `evolves_from` links to it, either way.
    private func linkedChains(_ chainID: Int) throws -> [Int] {
        try database.query(
            """
            WITH RECURSIVE linked (chain_id) AS (
                SELECT ?1
                UNION
                SELECT child.evolution_chain_id FROM linked
                JOIN evolution_chain_member AS m ON m.chain_id = linked.chain_id
                JOIN pokemon_species AS child ON child.evolves_from = m.species_name
                WHERE child.evolution_chain_id IS NOT NULL
                UNION
                SELECT parent.evolution_chain_id FROM linked
                JOIN evolution_chain_member AS m ON m.chain_id = linked.chain_id AND m.evolves_from IS NULL
                JOIN pokemon_species AS s ON s.name = m.species_name
                JOIN pokemon_species AS parent ON parent.name = s.evolves_from
                WHERE parent.evolution_chain_id IS NOT NULL
            )
            SELECT chain_id FROM linked WHERE chain_id IN (SELECT id FROM evolution_chain) ORDER BY chain_id
            """,
            [.int(chainID)]
        ) { $0.int(0) }
    }

    private func evolutionSteps(chains: [Int]) throws -> [(ChainPosition, EvolutionStep)] {
        try database.query(
            """
            SELECT chain_id, member_position, trigger, min_level, item, held_item, time_of_day, known_move,
                   known_move_type, min_happiness, min_affection, min_beauty, location, gender,
                   needs_overworld_rain, party_species, party_type, relative_physical_stats,
                   trade_species, turn_upside_down, used_move, min_move_count, min_steps, min_damage_taken,
                   near_special_rock, needs_multiplayer, region, base_form, evolved_form, version_group
            FROM evolution_step WHERE chain_id IN (SELECT value FROM json_each(?1))
            ORDER BY chain_id, member_position, detail_position
            """,
            [.text(Self.jsonArray(chains))]
        ) { row in
            func flag(_ column: Int32) -> Bool? { row.optionalInt(column).map { $0 == 1 } }
            var step = EvolutionStep(trigger: row.optionalText(2))
            step.minLevel = row.optionalInt(3)
            step.item = row.optionalText(4)
            step.heldItem = row.optionalText(5)
            step.timeOfDay = row.optionalText(6).flatMap { $0.isEmpty ? nil : $0 }
            step.knownMove = row.optionalText(7)
            step.knownMoveType = row.optionalText(8)
            step.minHappiness = row.optionalInt(9)
            step.minAffection = row.optionalInt(10)
            step.minBeauty = row.optionalInt(11)
            step.location = row.optionalText(12)
            step.gender = row.optionalInt(13)
            step.needsOverworldRain = flag(14)
            step.partySpecies = row.optionalText(15)
            step.partyType = row.optionalText(16)
            step.relativePhysicalStats = row.optionalInt(17)
            step.tradeSpecies = row.optionalText(18)
            step.turnUpsideDown = flag(19)
            step.usedMove = row.optionalText(20)
            step.minMoveCount = row.optionalInt(21)
            step.minSteps = row.optionalInt(22)
            step.minDamageTaken = row.optionalInt(23)
            step.nearSpecialRock = flag(24)
            step.needsMultiplayer = flag(25)
            step.region = row.optionalText(26)
            step.baseForm = row.optionalText(27)
            step.evolvedForm = row.optionalText(28)
            step.versionGroup = row.optionalText(29)
            return (ChainPosition(chain: row.int(0), position: row.int(1)), step)
        }
    }

    // MARK: list

    /// Pokémon in id order with their display names, optionally of one type (a slug) and one
    /// generation.
    public func list(offset: Int, limit: Int, type: String? = nil, generation: Int? = nil) throws -> [ListedPokemon] {
        let typeNames = try typeDisplayNames()
        return try database.query(
            """
            SELECT p.id, p.name, p.url, p.official_artwork_url,
                   (SELECT group_concat(type_name, ',') FROM
                       (SELECT type_name FROM pokemon_type WHERE pokemon_id = p.id ORDER BY slot)),
                   \(Self.localized("pokemon_species_name", "species_id", "name", id: "s.id")),
                   s.generation_number, s.id, s.name
            FROM pokemon AS p LEFT JOIN pokemon_species AS s ON s.name = p.species_name
            WHERE (?1 IS NULL OR p.id IN (SELECT pokemon_id FROM pokemon_type WHERE type_name = ?1))
              AND (?3 IS NULL OR s.generation_number = ?3)
            ORDER BY p.id LIMIT ?4 OFFSET ?5
            """,
            [.string(type), .text(language), .int(generation), .int(limit), .int(offset)],
            row: { row in listed(row, typeNames) })
    }

    private func listed(_ row: Row, _ typeNames: [String: String]) -> ListedPokemon {
        let id = row.int(0)
        let types = row.optionalText(4).map { $0.split(separator: ",").map(String.init) } ?? []
        let summary = PokemonSummary(
            id: id, name: row.text(1), url: row.text(2), types: types,
            artwork: PokemonResource.artwork(id: id, official: row.optionalText(3)))
        return ListedPokemon(
            summary: summary, pokedexNumber: row.optionalInt(7),
            form: PokemonForm.suffix(pokemon: summary.name, species: row.optionalText(8)),
            displayName: row.optionalText(5) ?? row.text(1), generation: row.optionalInt(6),
            typeNames: types.map { Self.typeDisplayName($0, typeNames) })
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

    /// Names "did you mean" offers for an unknown type: slugs and display names in every language.
    public func typeSuggestions(for text: String) throws -> [String] {
        let names = try database.query("SELECT name FROM type_name ORDER BY type_id, language") { $0.text(0) }
        return try suggestions(for: text, slugs: knownTypeSlugs(), names: names, shownAs: typeDisplayNames())
    }

    /// A slug is offered by its display name (`shownAs`) where it has one: `fier` → Fire.
    private func suggestions(
        for text: String, slugs: [String], names: [String], shownAs displayNames: [String: String]
    ) throws -> [String] {
        var shown: [String: String] = [:]
        var candidates: [String] = []
        for slug in slugs where shown[slug] == nil {
            shown[slug] = displayNames[slug] ?? slug
            candidates.append(slug)
        }
        for name in names {
            let folded = NameFolding.fold(name)
            if !folded.isEmpty, shown[folded] == nil {
                shown[folded] = name
                candidates.append(folded)
            }
        }
        return PokemonName.suggestions(for: NameFolding.fold(text), among: candidates).compactMap { shown[$0] }
    }

    // MARK: type

    public func typeEntry(slug: String) throws -> TypeEntry {
        try database.readTransaction {
            let typeNames = try typeDisplayNames()
            let stored = try database.queryFirst(
                "SELECT generation, details_synced_at IS NOT NULL FROM type WHERE name = ?", [.text(slug)]
            ) { ($0.optionalText(0), $0.bool(1)) }
            func grouped(_ sql: String) throws -> [(TypeMatchups.Multiplier, [NamedType])] {
                let rows = try database.query(sql, [.text(slug)]) { ($0.text(0), Double($0.int(1)) / 4) }
                return [2.0, 0.5, 0].compactMap { value in
                    let types = rows.filter { $0.1 == value }.map(\.0)
                    guard !types.isEmpty else { return nil }
                    let multiplier: TypeMatchups.Multiplier =
                        value == 0 ? .immune : .power(halvings: value == 2 ? -1 : 1)
                    return (multiplier, named(types, typeNames))
                }
            }
            func relations(_ other: String, _ this: String) -> String {
                """
                SELECT d.\(other), CAST(round(d.multiplier * 4) AS INTEGER)
                FROM type_damage AS d LEFT JOIN matchup_type AS t ON t.name = d.\(other)
                WHERE d.\(this) = ? ORDER BY t.id IS NULL, t.id, d.\(other)
                """
            }
            let dealt = try grouped(relations("defending_type", "attacking_type"))
            let taken = try grouped(relations("attacking_type", "defending_type"))
            let pokemon = try list(offset: 0, limit: Int(Int32.max), type: slug)
            return TypeEntry(
                type: named([slug], typeNames)[0], generation: stored?.0,
                hasDetails: stored?.1 ?? false, damageDealt: dealt, damageTaken: taken, pokemon: pokemon)
        }
    }

    // MARK: ability

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

    public func abilitySuggestions(for text: String) throws -> [String] {
        let names = try database.query("SELECT name FROM ability_name ORDER BY ability_id, language") { $0.text(0) }
        let shown = try database.query(
            "SELECT a.name, \(Self.localized("ability_name", "ability_id", "name", id: "a.id")) FROM ability AS a",
            [.null, .text(language)]
        ) { ($0.text(0), $0.optionalText(1)) }
        return try suggestions(
            for: text, slugs: knownAbilitySlugs(), names: names,
            shownAs: Dictionary(
                shown.compactMap { slug, name in name.map { (slug, $0) } }, uniquingKeysWith: { a, _ in a }))
    }

    public func abilityEntry(slug: String) throws -> AbilityEntry {
        try database.readTransaction {
            let typeNames = try typeDisplayNames()
            let stored = try database.queryFirst(
                """
                SELECT a.generation, \(Self.localized("ability_name", "ability_id", "name", id: "a.id")),
                       \(Self.localized("ability_effect", "ability_id", "short_effect", id: "a.id")),
                       \(Self.localized("ability_effect", "ability_id", "effect", id: "a.id"))
                FROM ability AS a WHERE a.name = ?1
                """,
                [.text(slug), .text(language)]
            ) { ($0.optionalText(0), $0.optionalText(1), $0.optionalText(2), $0.optionalText(3)) }
            let pokemon = try database.query(
                """
                SELECT p.id, p.name, p.url, p.official_artwork_url,
                       (SELECT group_concat(type_name, ',') FROM
                           (SELECT type_name FROM pokemon_type WHERE pokemon_id = p.id ORDER BY slot)),
                       \(Self.localized("pokemon_species_name", "species_id", "name", id: "s.id")),
                       s.generation_number, s.id, s.name, a.is_hidden
                FROM pokemon_ability AS a JOIN pokemon AS p ON p.id = a.pokemon_id
                LEFT JOIN pokemon_species AS s ON s.name = p.species_name
                WHERE a.ability_name = ?1 ORDER BY p.id
                """,
                [.text(slug), .text(language)]
            ) { row in (pokemon: listed(row, typeNames), isHidden: row.bool(9)) }
            return AbilityEntry(
                name: slug, displayName: stored?.1 ?? slug, generation: stored?.0, shortEffect: stored?.2,
                effect: stored?.3, pokemon: pokemon)
        }
    }
}
