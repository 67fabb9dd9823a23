import PokedexStore
import TextUtilities

/// Text for people at a terminal: lines of at most the layout's width (texts are wrapped; only
/// a link, which stays whole to be copied, may be wider), the name bold and types in their
/// colours where the layout has a palette.
enum EntryText {
    /// `list`'s table: links stay in `--json`, where they fit.
    static func table(_ listed: [ListedPokemon], width: Int) -> [StyledText] {
        TextTable(
            header: ["ID", "NAME", "TYPES"],
            rows: listed.map { pokemon in
                [
                    StyledText(String(pokemon.summary.id)), StyledText(name(pokemon)),
                    types(zip(pokemon.summary.types, pokemon.typeNames).map(NamedType.init)),
                ]
            },
            fixedColumns: [0]
        ).lines(width: width)
    }

    /// "Grass, Poison", each in its type's colour.
    static func types(_ types: [NamedType]) -> StyledText {
        types.map { StyledText($0.displayName, .type($0.name)) }.joined(separator: ", ")
    }

    /// The name people read: the display name, and the form where the species has several
    /// (`Raichu (Alola)`, `Charizard (Mega X)`).
    static func name(_ displayName: String, form: String?) -> String {
        displayName + (form.map { " (\(SlugText.readable($0)))" } ?? "")
    }

    static func name(_ pokemon: ListedPokemon) -> String {
        if let full = pokemon.formName, pokemon.form != nil, full.lowercased() != pokemon.displayName.lowercased() {
            return full
        }
        guard let label = pokemon.formLabel, pokemon.form != nil else {
            return name(pokemon.displayName, form: pokemon.form)
        }
        return PokemonForm.labelled(speciesName: pokemon.displayName, label: label)
    }

    /// The species' other Pokémon by their form's stored name (`Pikachu Rock Star`), else by
    /// their form's slug (`Rock Star`); the species' own by its name.
    static func variety(_ slug: String, of entry: PokedexEntry) -> String {
        entry.names["pokemon-form/\(slug)"]
            ?? PokemonForm.suffix(pokemon: slug, species: entry.species?.name).map(SlugText.readable)
            ?? (slug == entry.species?.name ? entry.displayName : SlugText.readable(slug))
    }

    /// The species' other Pokémon by name, a name two of them share, or the entry's own
    /// heading, with its slug: "Méga-Mistigrix (meowstic-female-mega)" under Méga-Mistigrix.
    static func varieties(_ entry: PokedexEntry) -> [String] {
        DistinctNames.of(
            entry.otherVarieties.map { (variety($0, of: entry), $0) }, besides: [heading(entry)])
    }

    /// The name an entry is headed with: its form's own, else the species' with the form.
    static func heading(_ entry: PokedexEntry) -> String {
        entry.formDisplayName ?? name(entry.displayName, form: entry.form)
    }

    /// The forms by name, the first `formsShown` of them: Alcremie has 63.
    static func forms(_ forms: [PokedexEntry.Form]) -> String {
        let shown = forms.prefix(formsShown).map { LineWrapping.unbroken($0.displayName) }.joined(separator: ", ")
        return forms.count > formsShown ? shown + ", and \(forms.count - formsShown) more (--json lists them)" : shown
    }

    static let formsShown = 12

    /// `#0026`: the Pokédex number, the Pokémon's id until its species is synced.
    static func number(_ entry: PokedexEntry) -> String {
        number(entry.pokedexNumber ?? entry.profile.summary.id)
    }

    static func number(_ id: Int) -> String {
        let digits = String(id)
        return "#" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func entry(_ entry: PokedexEntry, layout: TerminalLayout, everyMove: Bool = false) -> DisplayText {
        layout.render(entryLines(entry, width: layout.width, everyMove: everyMove))
    }

    /// The entry's lines, `width` columns wide: what `show` prints and `browse` shows; the
    /// moves of other methods than level-up counted, or with `everyMove` named.
    static func entryLines(_ entry: PokedexEntry, width: Int, everyMove: Bool = false) -> [StyledText] {
        let profile = entry.profile
        let summary = profile.summary
        var lines = FieldLines(width: width)
        lines.add(
            StyledText(
                number(entry) + " " + heading(entry), .heading)
                + StyledText(entry.genus.map { " · \($0)" } ?? ""))
        if entry.displayName != summary.name { lines.field("Slug", summary.name) }
        for other in entry.alsoNamed {
            lines.field(
                "Also named", "\(other.displayName) (\(other.pokemon)) in \(other.languages.joined(separator: ", "))")
        }
        guard profile.hasDetails else {
            lines.field("Artwork", summary.artwork.url + " (derived)")
            lines.add("Details not synced yet: run `pokedex sync` to fetch them.")
            return lines.lines
        }
        if let generation = entry.species?.generation { lines.field("Generation", String(generation)) }
        lines.field("Types", types(entry.types))
        if let height = profile.height {
            lines.field("Height", PokemonText.decimal(height, unit: "m") + imperialHeight(height))
        }
        if let weight = profile.weight {
            lines.field("Weight", PokemonText.decimal(weight, unit: "kg") + imperialWeight(weight))
        }
        if let experience = profile.baseExperience { lines.field("Base exp.", String(experience)) }
        if entry.species == nil, let species = profile.speciesName { lines.field("Species", species) }
        lines.field(
            "Abilities",
            lines: entry.abilities.map { ability in
                StyledText(
                    ability.displayName + (ability.isHidden ? " (hidden)" : "")
                        + (ability.shortEffect.map { ": " + $0 } ?? ""))
            })
        if let flavor = entry.flavorText {
            lines.field("Pokédex", "\(flavor.text) (\(flavor.versionName ?? SlugText.readable(flavor.version)))")
        }
        if let chain = entry.evolution, chain.members.count > 1 {
            // Laid out to the width already: wrapping them again would move their branches.
            lines.field(
                "Evolution", laidOut: EvolutionText.lines(chain, width: lines.valueWidth).map { StyledText($0) })
        }
        for (multiplier, types) in entry.defense {
            let label = multiplier == .immune ? "Immune" : multiplier.value > 1 ? "Weak" : "Resists"
            let weakness = multiplier.value > 1 ? Emphasis.weakness(severe: multiplier.value > 2) : nil
            lines.field(label, StyledText(multiplier.label, weakness) + " " + Self.types(types))
        }
        if let species = entry.species {
            if let rate = species.genderRate { lines.field("Gender", gender(rate)) }
            if !species.eggGroups.isEmpty {
                lines.field(
                    "Egg groups",
                    species.eggGroups.map { entry.names["egg-group/\($0)"] ?? SlugText.readable($0) }
                        .joined(separator: ", "))
            }
            if let capture = species.captureRate { lines.field("Capture", String(capture)) }
        }
        if !entry.otherVarieties.isEmpty {
            lines.field("Varieties", varieties(entry).map { LineWrapping.unbroken($0) }.joined(separator: ", "))
        }
        if !entry.forms.isEmpty { lines.field("Forms", forms(entry.forms)) }
        if let learnset = entry.learnset { lines.field("Moves", LearnsetText.summary(learnset, everyMove: everyMove)) }
        if let found = entry.whereFound { lines.field("Where", EncounterText.summary(found)) }
        lines.field("Artwork", summary.artwork.url + (summary.artwork.derived ? " (derived)" : ""))
        return lines.lines + PokemonText.statLines(profile.stats, width: width, names: entry.names)
    }

    static func type(_ entry: TypeEntry, layout: TerminalLayout) -> DisplayText {
        var lines = FieldLines(width: layout.width)
        lines.add(
            StyledText(entry.type.displayName, Emphasis(bold: true, color: .type(entry.type.name)))
                + StyledText(entry.type.displayName != entry.type.name ? " (\(entry.type.name))" : ""))
        if !entry.hasDetails { lines.add("Damage relations not synced yet: run `pokedex sync` to fetch them.") }
        for (multiplier, types) in entry.damageDealt {
            lines.field("Deals " + multiplier.label, Self.types(types))
        }
        for (multiplier, types) in entry.damageTaken {
            lines.field("Takes " + multiplier.label, Self.types(types))
        }
        lines.field(
            "Pokémon",
            entry.pokemon.isEmpty
                ? "none stored" : entry.pokemon.map { LineWrapping.unbroken(name($0)) }.joined(separator: ", "))
        return layout.render(lines.lines)
    }

    /// "King’s Rock (kings-rock)": a name, with its slug where that differs.
    static func heading(_ displayName: String, slug: String) -> StyledText {
        StyledText(displayName, .heading) + StyledText(displayName != slug ? " (\(slug))" : "")
    }

    static func ability(_ entry: AbilityEntry, layout: TerminalLayout) -> DisplayText {
        var lines = FieldLines(width: layout.width)
        lines.add(EntryText.heading(entry.displayName, slug: entry.name))
        if let effect = entry.shortEffect { lines.field("Effect", effect) }
        if let text = entry.gameText { lines.field("Game text", "\(text.text) (\(text.groupName))") }
        lines.field(
            "Pokémon",
            entry.pokemon.isEmpty
                ? "none stored"
                : entry.pokemon.map { LineWrapping.unbroken(name($0.pokemon) + ($0.isHidden ? " (hidden)" : "")) }
                    .joined(separator: ", "))
        return layout.render(lines.lines)
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
