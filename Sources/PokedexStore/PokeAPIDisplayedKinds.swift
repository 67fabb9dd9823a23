import LocalDatabase

/// The root index's kinds a Pokémon's entry displays: its games, the moves of the game `show`
/// draws from and the machines teaching them, its forms, the places it is met in there, what
/// its evolutions need, its egg groups' and stats' names. A whole sync lists them as any indexed kind; a partial sync
/// (`--offset`/`--limit`) takes exactly what these links find in the bodies of what it took.
extension PokeAPIResources {
    /// In the order a partial sync takes them: each one's links read what those before it
    /// stored (a game's moves need the games' order; a place needs its versions' groups).
    public static let displayed: [PokeAPIResource] = [
        version, versionGroup, move, machine, pokemonForm, locationArea, location, item, eggGroup, stat,
    ]

    /// The versions the Pokémon are met in, and those of their learnsets' groups (whose
    /// names name the games).
    static let version = stored(
        "version", "version", "versions", typed: TypedTable("version", ["name", "version_group"]),
        links: [
            .inBodies(of: encounters, at: .elements(["$", "$.version_details"], keys: ["version"])),
            .inBodies(ofShared: "version-group", at: .elements(["$.versions"], keys: [])),
        ])

    /// The groups the Pokémon learn moves in (their order picks the newest), and those of
    /// the versions they are met in; shown by their versions' names ("Red/Green").
    static let versionGroup = stored(
        "version-group", "version group", "version groups", extraction: .versionGroup,
        links: [
            .inBodies(of: pokemon, at: .elements(["$.moves", "$.version_group_details"], keys: ["version_group"])),
            .inBodies(ofShared: "version", at: .elements([], keys: ["version_group"])),
        ], needs: ["version"])

    /// The moves each Pokémon learns in its newest learnset's game, and those its evolutions
    /// need known.
    static let move = stored(
        "move", "move", "moves",
        typed: TypedTable(
            "move",
            [
                "name", "type", "damage_class", "power", "accuracy", "pp", "priority", "target", "effect_chance",
                "generation",
            ]),
        links: [
            .inBodies(
                of: pokemon, at: .elements(["$.moves"], keys: ["move"]),
                where: """
                    EXISTS (SELECT 1 FROM json_each(e.value, '$.version_group_details') AS d
                            WHERE (b.pokemon_id, json_extract(d.value, '$.version_group.name')) IN (
                                SELECT pokemon_id, version_group FROM pokemon_newest_learnset
                                WHERE ?1 IS NULL OR pokemon_id IN (SELECT value FROM json_each(?1))))
                    """),
            .inBodies(of: evolutionChain, at: .anywhere(keys: ["known_move"])),
        ], needs: ["version-group"])

    /// The machines teaching those moves in the games `show` draws moves from.
    static let machine = stored(
        "machine", "machine", "machines", named: false,
        typed: TypedTable("machine", ["item", "move", "version_group"]),
        links: [
            .inBodies(
                of: move, at: .elements(["$.machines"], keys: ["machine"]),
                where: """
                    json_extract(e.value, '$.version_group.name') IN (SELECT version_group FROM pokemon_newest_learnset)
                    """)
        ], needs: ["version-group"])

    static let pokemonForm = stored(
        "pokemon-form", "Pokémon form", "Pokémon forms",
        typed: TypedTable(
            "pokemon_form",
            ["name", "pokemon", "form_name", "version_group", "form_order", "is_default", "is_mega", "is_battle_only"]),
        links: [.inBodies(of: pokemon, at: .elements(["$.forms"], keys: []))])

    /// The areas each Pokémon is met in, in the newest game it is met in.
    static let locationArea = stored(
        "location-area", "location area", "location areas", typed: TypedTable("location_area", ["name", "location"]),
        links: [
            .inBodies(
                of: encounters, at: .elements(["$"], keys: ["location_area"]),
                where: """
                    EXISTS (SELECT 1 FROM json_each(e.value, '$.version_details') AS d
                            JOIN version AS v ON v.name = json_extract(d.value, '$.version.name')
                            WHERE (b.id, v.version_group) IN (
                                SELECT pokemon_id, version_group FROM pokemon_newest_encounters
                                WHERE ?1 IS NULL OR pokemon_id IN (SELECT value FROM json_each(?1))))
                    """)
        ])

    /// The places of those areas, and those evolutions happen at.
    static let location = stored(
        "location", "location", "locations", typed: TypedTable("location", ["name", "region"]),
        links: [
            .inBodies(ofShared: "location-area", at: .elements([], keys: ["location"])),
            .inBodies(of: evolutionChain, at: .anywhere(keys: ["location"])),
        ])

    /// The items evolutions use or need held.
    static let item = stored(
        "item", "item", "items",
        typed: TypedTable("item", ["name", "category", "cost", "fling_power", "fling_effect"]),
        links: [.inBodies(of: evolutionChain, at: .anywhere(keys: ["item", "held_item"]))])

    static let eggGroup = stored(
        "egg-group", "egg group", "egg groups",
        links: [.inBodies(of: species, at: .elements(["$.egg_groups"], keys: []))])

    static let stat = stored(
        "stat", "stat", "stats", links: [.inBodies(of: pokemon, at: .elements(["$.stats"], keys: ["stat"]))])
}
