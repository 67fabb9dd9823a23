import JSONOutput
import PokedexStore
import TextUtilities

/// Text for people at a terminal: lines of at most 80 terminal columns (texts are wrapped).
enum EntryText {
    static let width = 80
    static let labelWidth = 12

    static func table(_ listed: [ListedPokemon]) -> DisplayText {
        TerminalText.table(
            header: ["ID", "NAME", "TYPES", "ARTWORK"],
            rows: listed.map { pokemon in
                let artwork = pokemon.summary.artwork
                return [
                    String(pokemon.summary.id), name(pokemon), pokemon.typeNames.joined(separator: ", "),
                    artwork.url + (artwork.derived ? " (derived)" : ""),
                ]
            })
    }

    /// The name people read: the display name, and the form where the species has several
    /// (`Raichu (Alola)`, `Charizard (Mega X)`).
    static func name(_ displayName: String, form: String?) -> String {
        displayName + (form.map { " (\(SlugText.readable($0)))" } ?? "")
    }

    static func name(_ pokemon: ListedPokemon) -> String {
        name(pokemon.displayName, form: pokemon.form)
    }

    /// The species' other Pokémon by their form (`Rock Star`), the species' own by its name.
    static func variety(_ slug: String, of entry: PokedexEntry) -> String {
        PokemonForm.suffix(pokemon: slug, species: entry.species?.name).map(SlugText.readable)
            ?? (slug == entry.species?.name ? entry.displayName : SlugText.readable(slug))
    }

    /// `#0026`: the Pokédex number, the Pokémon's id until its species is synced.
    static func number(_ entry: PokedexEntry) -> String {
        number(entry.pokedexNumber ?? entry.profile.summary.id)
    }

    static func number(_ id: Int) -> String {
        let digits = String(id)
        return "#" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func entry(_ entry: PokedexEntry) -> DisplayText {
        let profile = entry.profile
        let summary = profile.summary
        var lines = wrap(
            number(entry) + " " + name(entry.displayName, form: entry.form) + (entry.genus.map { " · \($0)" } ?? ""),
            width: width)
        func field(_ label: String, _ value: String) {
            lines += labelled(label, wrap(value, width: width - labelWidth))
        }
        func field(_ label: String, lines values: [String]) {
            lines += labelled(label, values.flatMap { wrap($0, width: width - labelWidth) })
        }
        if entry.displayName != summary.name { field("Slug", summary.name) }
        for other in entry.alsoNamed {
            field("Also named", "\(other.displayName) (\(other.pokemon)) in \(other.languages.joined(separator: ", "))")
        }
        guard profile.hasDetails else {
            field("Artwork", summary.artwork.url + " (derived)")
            lines.append("Details not synced yet: run `pokedex sync` to fetch them.")
            return DisplayText(sanitizing: lines.joined(separator: "\n"), keepingLineBreaks: true)
        }
        if let generation = entry.species?.generation { field("Generation", String(generation)) }
        field("Types", entry.types.map(\.displayName).joined(separator: ", "))
        if let height = profile.height {
            field("Height", PokemonText.decimal(height, unit: "m") + imperialHeight(height))
        }
        if let weight = profile.weight {
            field("Weight", PokemonText.decimal(weight, unit: "kg") + imperialWeight(weight))
        }
        if let experience = profile.baseExperience { field("Base exp.", String(experience)) }
        if entry.species == nil, let species = profile.speciesName { field("Species", species) }
        field(
            "Abilities",
            lines: entry.abilities.map { ability in
                ability.displayName + (ability.isHidden ? " (hidden)" : "")
                    + (ability.shortEffect.map { ": " + $0 } ?? "")
            })
        if let flavor = entry.flavorText {
            field("Pokédex", "\(flavor.text) (\(SlugText.readable(flavor.version)))")
        }
        if let chain = entry.evolution, chain.members.count > 1 {
            field("Evolution", lines: EvolutionText.lines(chain, width: width - labelWidth))
        }
        for (multiplier, types) in entry.defense {
            let label = multiplier == .immune ? "Immune" : multiplier.value > 1 ? "Weak" : "Resists"
            field(label, multiplier.label + " " + types.map(\.displayName).joined(separator: ", "))
        }
        if let species = entry.species {
            if let rate = species.genderRate { field("Gender", gender(rate)) }
            if !species.eggGroups.isEmpty {
                field("Egg groups", species.eggGroups.map(SlugText.readable).joined(separator: ", "))
            }
            if let capture = species.captureRate { field("Capture", String(capture)) }
        }
        if !entry.otherVarieties.isEmpty {
            field("Varieties", entry.otherVarieties.map { variety($0, of: entry) }.joined(separator: ", "))
        }
        field("Artwork", summary.artwork.url + (summary.artwork.derived ? " (derived)" : ""))
        lines += PokemonText.statLines(profile.stats)
        return DisplayText(
            sanitizing: lines.map { TerminalText.sanitize($0) }.joined(separator: "\n"), keepingLineBreaks: true)
    }

    static func type(_ entry: TypeEntry) -> DisplayText {
        var lines = wrap(
            entry.type.displayName + (entry.type.displayName != entry.type.name ? " (\(entry.type.name))" : ""),
            width: width)
        func field(_ label: String, _ value: String) {
            lines += labelled(label, wrap(value, width: width - labelWidth))
        }
        if !entry.hasDetails { lines.append("Damage relations not synced yet: run `pokedex sync` to fetch them.") }
        for (multiplier, types) in entry.damageDealt {
            field("Deals " + multiplier.label, types.map(\.displayName).joined(separator: ", "))
        }
        for (multiplier, types) in entry.damageTaken {
            field("Takes " + multiplier.label, types.map(\.displayName).joined(separator: ", "))
        }
        field(
            "Pokémon", entry.pokemon.isEmpty ? "none stored" : entry.pokemon.map(name).joined(separator: ", "))
        return DisplayText(
            sanitizing: lines.map { TerminalText.sanitize($0) }.joined(separator: "\n"), keepingLineBreaks: true)
    }

    static func ability(_ entry: AbilityEntry) -> DisplayText {
        var lines = wrap(entry.displayName + (entry.displayName != entry.name ? " (\(entry.name))" : ""), width: width)
        func field(_ label: String, _ value: String) {
            lines += labelled(label, wrap(value, width: width - labelWidth))
        }
        if let effect = entry.shortEffect { field("Effect", effect) }
        field(
            "Pokémon",
            entry.pokemon.isEmpty
                ? "none stored"
                : entry.pokemon.map { name($0.pokemon) + ($0.isHidden ? " (hidden)" : "") }.joined(
                    separator: ", "))
        return DisplayText(
            sanitizing: lines.map { TerminalText.sanitize($0) }.joined(separator: "\n"), keepingLineBreaks: true)
    }

    /// The first line after the label, the others indented under it.
    static func labelled(_ label: String, _ values: [String]) -> [String] {
        values.enumerated().map { index, value in
            (index == 0 ? pad(label, labelWidth) : String(repeating: " ", count: labelWidth)) + value
        }
    }

    /// `text` sanitized, then on lines of at most `width` terminal columns (`LineWrapping`).
    static func wrap(_ text: String, width: Int) -> [String] {
        LineWrapping.lines(TerminalText.sanitize(text), width: width)
    }

    /// `text` and spaces to `width` columns, or one space after it where it is wider.
    static func pad(_ text: String, _ width: Int) -> String {
        let columns = TerminalColumns.of(text)
        return columns >= width ? text + " " : text + String(repeating: " ", count: width - columns)
    }

    /// " (1′04″)": decimetres in feet and inches; nothing for a value that cannot be converted.
    static func imperialHeight(_ decimetres: Int) -> String {
        guard decimetres >= 0, decimetres <= 1_000_000 else { return "" }
        let inches = (decimetres * 1000 + 127) / 254
        let remainder = inches % 12
        return " (\(inches / 12)′\(remainder < 10 ? "0" : "")\(remainder)″)"
    }

    /// " (13.2 lb)": hectograms in pounds.
    static func imperialWeight(_ hectograms: Int) -> String {
        guard hectograms >= 0, hectograms <= 100_000_000 else { return "" }
        let tenths = (hectograms * 220_462 + 50_000) / 100_000
        return " (\(tenths / 10).\(tenths % 10) lb)"
    }

    /// "50% male, 50% female", "87.5% male, 12.5% female", "100% female", "genderless".
    static func gender(_ rate: Int) -> String {
        guard (0...8).contains(rate) else { return "genderless" }
        func percent(_ eighths: Int) -> String {
            let tenths = eighths * 125
            return "\(tenths / 10)" + (tenths % 10 == 0 ? "" : ".\(tenths % 10)") + "%"
        }
        if rate == 0 { return "100% male" }
        if rate == 8 { return "100% female" }
        return "\(percent(8 - rate)) male, \(percent(rate)) female"
    }
}

/// `--json` shapes of the entry. Keys never change with the language (docs/json.md).
enum EntryJSON {
    static func multiplierGroups(_ groups: [(TypeMatchups.Multiplier, [NamedType])]) -> JSONValue {
        .object(groups.map { ($0.0.key, .array($0.1.map { .string($0.name) })) })
    }

    static func names(_ types: [NamedType]) -> JSONValue {
        .array(types.map { .object([("name", .string($0.name)), ("display_name", .string($0.displayName))]) })
    }

    static func listed(_ pokemon: ListedPokemon) -> JSONValue {
        guard case .object(let members) = PokemonJSON.summary(pokemon.summary) else { return .null }
        return .object(
            members + [
                ("pokedex_number", .optional(pokemon.pokedexNumber)), ("form", .optional(pokemon.form)),
                ("display_name", .string(pokemon.displayName)), ("generation", .optional(pokemon.generation)),
                ("type_names", .array(pokemon.typeNames.map(JSONValue.string))),
            ])
    }

    /// Per image kind: whether its PNG is stored, its size and the URL the body gives.
    static func images(_ images: [StoredImageState]) -> JSONValue {
        .object(
            images.map { image in
                (
                    image.kind.rawValue,
                    .object([
                        ("stored", .bool(image.isStored)), ("byte_size", .optional(image.byteSize)),
                        ("url", .optional(image.linkedURL)), ("missing", .bool(image.isMissing)),
                    ])
                )
            })
    }

    static func entry(_ entry: PokedexEntry, images: [StoredImageState]) -> JSONValue {
        guard case .object(let members) = PokemonJSON.profile(entry.profile) else { return .null }
        let species = entry.species
        return .object(
            members + [
                ("language", .string(entry.language)),
                ("number", .string(EntryText.number(entry))),
                ("pokedex_number", .optional(entry.pokedexNumber)),
                ("form", .optional(entry.form)),
                ("display_name", .string(entry.displayName)),
                ("genus", .optional(entry.genus)),
                ("generation", .optional(species?.generation)),
                ("type_names", names(entry.types)),
                (
                    "ability_details",
                    .array(
                        entry.abilities.map { ability in
                            .object([
                                ("name", .string(ability.name)), ("display_name", .string(ability.displayName)),
                                ("hidden", .bool(ability.isHidden)), ("slot", .int(ability.slot)),
                                ("short_effect", .optional(ability.shortEffect)),
                            ])
                        })
                ),
                (
                    "flavor_text",
                    entry.flavorText.map { flavor in
                        .object([
                            ("text", .string(flavor.text)), ("version", .string(flavor.version)),
                            ("language", .string(flavor.language)),
                        ])
                    } ?? .null
                ),
                ("evolution", entry.evolution.map(EvolutionJSON.chain) ?? .null),
                ("defense", multiplierGroups(entry.defense)),
                ("stats_total", .optional(PokemonText.statsTotal(entry.profile.stats))),
                ("gender_rate", .optional(species?.genderRate)),
                ("capture_rate", .optional(species?.captureRate)),
                ("egg_groups", .array((species?.eggGroups ?? []).map(JSONValue.string))),
                ("is_legendary", .bool(species?.isLegendary ?? false)),
                ("is_mythical", .bool(species?.isMythical ?? false)),
                ("is_baby", .bool(species?.isBaby ?? false)),
                ("varieties", .array(entry.otherVarieties.map(JSONValue.string))),
                (
                    "also_named",
                    .array(
                        entry.alsoNamed.map { other in
                            .object([
                                ("name", .string(other.pokemon)), ("display_name", .string(other.displayName)),
                                ("languages", .array(other.languages.map(JSONValue.string))),
                            ])
                        })
                ),
                ("images", Self.images(images)),
            ])
    }

    static func type(_ entry: TypeEntry) -> JSONValue {
        .object([
            ("name", .string(entry.type.name)), ("display_name", .string(entry.type.displayName)),
            ("generation", .optional(entry.generation)), ("has_details", .bool(entry.hasDetails)),
            ("damage_dealt", multiplierGroups(entry.damageDealt)),
            ("damage_taken", multiplierGroups(entry.damageTaken)),
            ("pokemon", .array(entry.pokemon.map(listed))),
        ])
    }

    static func ability(_ entry: AbilityEntry) -> JSONValue {
        .object([
            ("name", .string(entry.name)), ("display_name", .string(entry.displayName)),
            ("generation", .optional(entry.generation)), ("short_effect", .optional(entry.shortEffect)),
            ("effect", .optional(entry.effect)),
            (
                "pokemon",
                .array(
                    entry.pokemon.map { item in
                        guard case .object(let members) = listed(item.pokemon) else { return .null }
                        return .object(members + [("hidden", .bool(item.isHidden))])
                    })
            ),
        ])
    }
}
