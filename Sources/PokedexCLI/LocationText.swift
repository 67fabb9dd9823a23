import JSONOutput
import PokedexStore
import TextUtilities

/// `location`'s entry: region and game, then each area with the Pokémon met there in that
/// game, then the other games something is met there in.
enum LocationText {
    static func entry(_ entry: LocationEntry, layout: TerminalLayout) -> DisplayText {
        var lines = FieldLines(width: layout.width)
        lines.add(EntryText.heading(entry.displayName, slug: entry.name))
        if let region = entry.region { lines.field("Region", entry.regionName ?? SlugText.readable(region)) }
        if let groupName = entry.groupName { lines.field("Game", groupName) }
        if entry.areas.isEmpty { lines.field("Areas", entry.allAreasStored ? "none in PokeAPI" : "none stored") }
        // In a game's view, the areas where nothing is met in it are named together at the end.
        let inGame = entry.versionGroup != nil
        let shown = inGame ? entry.areas.filter { !$0.appearances.isEmpty } : entry.areas
        for area in shown {
            // An area named as its place (its only one) needs no heading of its own.
            if area.displayName != entry.displayName || entry.areas.count > 1 {
                lines.add(StyledText(area.displayName, Emphasis(bold: true)))
            }
            let met = area.appearances.map(appearance).joined(separator: ", ")
            lines.field("Pokémon", met.isEmpty ? (entry.allEncountersStored ? "none in PokeAPI" : "none stored") : met)
        }
        let unmet = inGame ? entry.areas.filter(\.appearances.isEmpty) : []
        if !unmet.isEmpty {
            lines.field(
                shown.isEmpty ? "Areas" : "Other areas",
                unmet.map { LineWrapping.unbroken($0.displayName) }.joined(separator: ", ") + " (none met in that game)"
            )
        }
        let others = entry.games.filter { $0.name != entry.versionGroup }.map(\.displayName)
        if !others.isEmpty { lines.field("Other games", others.joined(separator: ", ") + " (--game)") }
        return layout.render(lines.lines)
    }

    /// "Pikachu (walk, Lv 3–5, 5%)".
    private static func appearance(_ appearance: LocationEntry.Appearance) -> String {
        EncounterText.place(
            EntryText.name(appearance.displayName, form: appearance.form), methods: appearance.methods,
            times: appearance.times, levels: (appearance.minLevel, appearance.maxLevel),
            chance: appearance.chance, versions: appearance.differsByVersion ? appearance.byVersion : [])
    }
}

/// `location --json`.
enum LocationJSON {
    static func entry(_ entry: LocationEntry) -> JSONValue {
        .object([
            ("name", .string(entry.name)), ("display_name", .string(entry.displayName)),
            ("region", .optional(entry.region)), ("version_group", .optional(entry.versionGroup)),
            ("games", .array(entry.games.map { .string($0.name) })),
            (
                "areas",
                .array(
                    entry.areas.map { area in
                        .object([
                            ("name", .string(area.name)), ("display_name", .string(area.displayName)),
                            ("pokemon", .array(area.appearances.map(appearance))),
                        ])
                    })
            ),
        ])
    }

    private static func appearance(_ appearance: LocationEntry.Appearance) -> JSONValue {
        .object([
            ("pokemon", .string(appearance.pokemon)), ("methods", .array(appearance.methods.map(JSONValue.string))),
            ("min_level", .optional(appearance.minLevel)), ("max_level", .optional(appearance.maxLevel)),
            ("chance", .optional(appearance.chance)), ("versions", .array(appearance.versions.map(JSONValue.string))),
            (
                "by_version",
                .array(
                    appearance.byVersion.map { version in
                        .object([
                            ("version", .string(version.version)),
                            ("methods", .array(version.methods.map(JSONValue.string))),
                            ("min_level", .optional(version.minLevel)), ("max_level", .optional(version.maxLevel)),
                            ("chance", .optional(version.chance)),
                        ])
                    })
            ),
        ])
    }
}
