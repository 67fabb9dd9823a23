import SQLiteDatabase
import TextUtilities

/// The entry `show` prints: the Pokémon with its species, texts, evolution chain and matchups.
extension PokedexEntryQueries {
    /// The entry of the Pokémon with this id, or nil.
    public func entry(id: Int) throws -> PokedexEntry? {
        // One snapshot for the Pokémon and its species: a sync committing in between cannot
        // pair a Pokémon with another version of its species.
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
                // Its effect in the display language, else its game text there (PokeAPI gives
                // Japanese, Korean or Chinese readers no effects), else the English effect.
                let names = try database.queryFirst(
                    """
                    SELECT \(Self.localized("ability_name", "ability_id", "name", id: "a.id")),
                           coalesce(\(Self.inLanguage("ability_effect", "ability_id", "short_effect", id: "a.id")),
                                    \(Self.gameTextInLanguage(kind: "?3", id: "a.id")),
                                    (SELECT short_effect FROM ability_effect WHERE ability_id = a.id AND language = 'en'))
                    FROM ability AS a WHERE a.name = ?1
                    """,
                    [.text(ability.name), .text(language), .text(PokeAPIResources.ability.kind.name)]
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
            var entry = PokedexEntry(
                profile: profile, pokedexNumber: species?.id,
                form: PokemonForm.suffix(pokemon: profile.summary.name, species: species?.name), language: language,
                displayName: localizedSpecies?.0 ?? profile.summary.name, genus: localizedSpecies?.1,
                species: species, types: named(profile.summary.types, typeNames), abilities: abilities,
                flavorText: try species.flatMap { try flavorText(speciesID: $0.id) },
                evolution: try species.flatMap { try evolutionChain(speciesName: $0.name) },
                defense: defense, otherVarieties: varieties)
            entry.forms = try forms(pokemon: profile.summary.name)
            entry.names = try names(eggGroups: species?.eggGroups ?? [], stats: profile.stats.map(\.name))
                .merging(try varietyNames(varieties, speciesName: entry.displayName)) { first, _ in first }
            if entry.form != nil {
                entry.formDisplayName = try formName(pokemon: profile.summary.name, speciesName: entry.displayName)
            }
            return entry
        }
    }

    /// The Pokémon's form's stored name in the display language alone: PokeAPI names forms in
    /// few languages, and an English name beside a Japanese genus reads worse than the species'
    /// name with its form. A form named as its species is not, as it would read like the
    /// species' own Pokémon.
    func formName(pokemon: String, speciesName: String) throws -> String? {
        let name = try storedName(kind: "pokemon-form", slug: pokemon, orEnglish: false)
        if let name, name.lowercased() != speciesName.lowercased() { return name }
        // PokeAPI gives few full names beyond English, French and German, but the forms' own
        // names in most languages: the species' name with its form's, "ライチュウ (アローラのすがた)",
        // as the evolution line and lists name it too (German names Incarnate Landorus "Demeteros"
        // in full, "Inkarnationsform" on its own).
        return try formLabel(pokemon).map { PokemonForm.labelled(speciesName: speciesName, label: $0) }
    }

    /// A form among other Pokémon (an item's holders, a place's), as `list` names it: by
    /// ``formName(pokemon:speciesName:)`` in a language other than English, whose lists keep
    /// the slug's words (`Raichu (Alola)`).
    func listedFormName(pokemon: String, speciesName: String) throws -> String? {
        language == "en" ? nil : try formName(pokemon: pokemon, speciesName: speciesName)
    }

    /// ``formName(pokemon:speciesName:)``, else the form's full English name: where a form is
    /// named apart from its species (varieties, evolution arrows), a slug's words would read
    /// worse than English.
    func formDisplayName(pokemon: String, speciesName: String) throws -> String? {
        try formName(pokemon: pokemon, speciesName: speciesName) ?? storedName(kind: "pokemon-form", slug: pokemon)
    }

    /// The own name of the form of the Pokémon `pokemon` (its default form's first) in the
    /// display language: "アローラのすがた", "Rock Star".
    private func formLabel(_ pokemon: String) throws -> String? {
        try database.queryFirst(
            """
            SELECT label.name FROM pokemon_form AS form
            JOIN pokemon_form_label AS label ON label.form_id = form.id
            WHERE form.pokemon = ?1 AND label.language IN (?2, \(Self.otherScript(of: "?2"))) AND label.name <> ''
            ORDER BY label.language = ?2 DESC, form.is_default DESC LIMIT 1
            """,
            [.text(pokemon), .text(language)]
        ) { $0.text(0) }
    }

    func speciesFacts(name: String) throws -> SpeciesFacts? {
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
    func flavorText(speciesID: Int) throws -> FlavorText? {
        try database.queryFirst(
            """
            SELECT text, version, language, \(Self.storedName(kind: "'version'", slug: "version", language: "?2"))
            FROM (
                SELECT text, version, language FROM pokemon_species_flavor_text
                WHERE species_id = ?1 AND language IN (?2, \(Self.otherScript(of: "?2")), 'en')
                ORDER BY language = ?2 DESC, language = \(Self.otherScript(of: "?2")) DESC, position DESC LIMIT 1)
            """,
            [.int(speciesID), .text(language)]
        ) { FlavorText(text: $0.text(0), version: $0.text(1), language: $0.text(2), versionName: $0.optionalText(3)) }
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
        var chain = EvolutionChain(id: chainID, babyTriggerItem: babyTrigger, members: members)
        chain.conditionNames = try conditionNames(chain)
        return chain
    }

    /// ``PokedexEntry/names``: of its egg groups and stats, where stored.
    private func names(eggGroups: [String], stats: [String]) throws -> [String: String] {
        var names: [String: String] = [:]
        for (kind, slugs) in [("egg-group", eggGroups), ("stat", stats)] {
            for slug in slugs { names["\(kind)/\(slug)"] = try storedName(kind: kind, slug: slug) }
        }
        return names
    }

    /// The Pokémon's stored forms in PokeAPI's order, each by its own name; none when it has
    /// one.
    private func forms(pokemon: String) throws -> [PokedexEntry.Form] {
        let forms = try database.query(
            """
            SELECT form.name, form.form_name, (
                SELECT label.name FROM pokemon_form_label AS label
                WHERE label.form_id = form.id AND label.name <> ''
                  AND label.language IN (?2, \(Self.otherScript(of: "?2")), 'en')
                ORDER BY label.language = ?2 DESC, label.language = \(Self.otherScript(of: "?2")) DESC LIMIT 1)
            FROM pokemon_form AS form WHERE form.pokemon = ?1 AND form.name IS NOT NULL
            ORDER BY form.form_order IS NULL, form.form_order, form.id
            """,
            [.text(pokemon), .text(language)]
        ) { row in
            PokedexEntry.Form(
                name: row.text(0),
                displayName: row.optionalText(2)
                    ?? SlugText.readable(row.optionalText(1).flatMap { $0.isEmpty ? nil : $0 } ?? row.text(0)))
        }
        return forms.count > 1 ? forms : []
    }

    /// Each variety's name, keyed `pokemon-form/{slug}`, where its forms are stored
    /// (``formDisplayName(pokemon:speciesName:)``: "Alolan Raichu", "ピカチュウ (アローラキャップ)").
    private func varietyNames(_ slugs: [String], speciesName: String) throws -> [String: String] {
        var names: [String: String] = [:]
        for slug in slugs {
            names["pokemon-form/\(slug)"] = try formDisplayName(pokemon: slug, speciesName: speciesName)
        }
        return names
    }

    /// The names ``EvolutionChain/conditionNames`` keeps: of each slug its steps name, where stored.
    private func conditionNames(_ chain: EvolutionChain) throws -> [String: String] {
        let steps = chain.members.flatMap(\.steps)
        let wanted: [(kind: String, slug: String?)] =
            [("item", chain.babyTriggerItem)]
            + steps.flatMap { step -> [(kind: String, slug: String?)] in
                [
                    ("item", step.item), ("item", step.heldItem), ("move", step.knownMove), ("move", step.usedMove),
                    ("location", step.location), ("region", step.region), ("pokemon-form", step.baseForm),
                ]
            }
        var names: [String: String] = [:]
        for case (let kind, let slug?) in wanted where names["\(kind)/\(slug)"] == nil {
            names["\(kind)/\(slug)"] = try storedName(kind: kind, slug: slug)
        }
        // A form an arrow leads to or from, as the entry's heading names it where its full name
        // is not stored in the display language: "ライチュウ (アローラのすがた)", not "Alolan Raichu".
        for member in chain.members {
            for slug in Set(member.steps.compactMap(\.evolvedForm)) {
                names["pokemon-form/\(slug)"] = try formDisplayName(pokemon: slug, speciesName: member.displayName)
            }
            guard let parent = chain.members.first(where: { $0.speciesName == member.evolvesFrom }) else { continue }
            for slug in Set(member.steps.compactMap(\.baseForm)) {
                names["pokemon-form/\(slug)"] = try formDisplayName(pokemon: slug, speciesName: parent.displayName)
            }
        }
        // Types have tables of their own (the catalog's), not the typed bodies' names.
        let types = steps.flatMap { [$0.knownMoveType, $0.partyType].compactMap { $0 } }
        if !types.isEmpty {
            let typeNames = try typeDisplayNames()
            for type in types { names["type/\(type)"] = typeNames[type] }
        }
        return names
    }

    /// Chain ids as one bound value, read back with `json_each`.
    static func jsonArray(_ ids: [Int]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }

    struct ChainPosition: Hashable {
        let chain: Int
        let position: Int
    }

    /// `chainID` and every stored chain a species' `evolves_from` links to it, either way.
    func linkedChains(_ chainID: Int) throws -> [Int] {
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

    func evolutionSteps(chains: [Int]) throws -> [(ChainPosition, EvolutionStep)] {
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
}
