import LocalDatabase

/// The kinds pokedex keeps as their bodies, in the shared tables: each Pokémon's encounters,
/// and every kind of PokeAPI's root index without tables of its own, declared here so that
/// progress and `status` name them well. A kind the index names that is not declared here is
/// synced all the same, as ``discovered(_:)`` describes it.
extension PokeAPIResources {
    /// Each Pokémon's `/pokemon/{id}/encounters` (its body's `location_area_encounters`, which
    /// PokeAPI builds from the Pokémon's URL so), keyed by the Pokémon's id.
    public static let encounters = PokeAPIResource(
        kind: PokeAPIKind("pokemon-encounters"), title: "encounters", singular: "Pokémon's encounters",
        plural: "Pokémon's encounters", countKey: "pokemon_encounters",
        tables: .shared(kind: "pokemon-encounters", named: true), reach: .followed,
        links: [
            PokeAPIResource.Link(
                from: .pokemon,
                sql: """
                    SELECT name, rtrim(url, '/') || '/encounters', id FROM pokemon
                    WHERE details_synced_at IS NOT NULL AND (?1 IS NULL OR id IN (SELECT value FROM json_each(?1)))
                    ORDER BY id
                    """)
        ],
        extraCounts: [], extraction: .encounters, needs: [PokeAPIKind("version-group")])

    /// The root index's kinds pokedex knows by name, in the index's (alphabetical) order.
    public static let indexed: [PokeAPIResource] = [
        stored("berry", "berry", "berries"),
        stored("berry-firmness", "berry firmness", "berry firmnesses"),
        stored("berry-flavor", "berry flavor", "berry flavors"),
        stored("characteristic", "characteristic", "characteristics", named: false),
        stored("contest-effect", "contest effect", "contest effects", named: false),
        stored("contest-type", "contest type", "contest types"),
        eggGroup,
        stored("encounter-condition", "encounter condition", "encounter conditions"),
        stored("encounter-condition-value", "encounter condition value", "encounter condition values"),
        stored("encounter-method", "encounter method", "encounter methods"),
        stored("evolution-trigger", "evolution trigger", "evolution triggers"),
        stored("gender", "gender", "genders"),
        stored("generation", "generation", "generations"),
        stored("growth-rate", "growth rate", "growth rates"),
        item,
        stored("item-attribute", "item attribute", "item attributes"),
        stored("item-category", "item category", "item categories"),
        stored("item-fling-effect", "item fling effect", "item fling effects"),
        stored("item-pocket", "item pocket", "item pockets"),
        stored("language", "language", "languages"),
        location,
        locationArea,
        machine,
        move,
        stored("move-ailment", "move ailment", "move ailments"),
        stored("move-battle-style", "move battle style", "move battle styles"),
        stored("move-category", "move category", "move categories"),
        stored("move-damage-class", "move damage class", "move damage classes"),
        stored("move-learn-method", "move learn method", "move learn methods"),
        stored("move-target", "move target", "move targets"),
        stored("nature", "nature", "natures"),
        stored("pal-park-area", "Pal Park area", "Pal Park areas"),
        stored("pokeathlon-stat", "Pokéathlon stat", "Pokéathlon stats"),
        stored("pokedex", "Pokédex", "Pokédexes"),
        stored("pokemon-color", "Pokémon color", "Pokémon colors"),
        pokemonForm,
        stored("pokemon-habitat", "Pokémon habitat", "Pokémon habitats"),
        stored("pokemon-shape", "Pokémon shape", "Pokémon shapes"),
        stored("region", "region", "regions"),
        stat,
        stored("super-contest-effect", "super contest effect", "super contest effects", named: false),
        version,
        versionGroup,
    ]

    /// A kind the root index names that pokedex does not know: synced and served as its bodies.
    public static func discovered(_ name: String) -> PokeAPIResource {
        stored(name, "\(name) entry", "\(name) entries")
    }

    static func stored(
        _ name: String, _ singular: String, _ plural: String, named: Bool = true,
        extraction: PokeAPIResource.Extraction = .body, typed: TypedTable? = nil, links: [PokeAPIResource.Link] = [],
        needs: [String] = []
    ) -> PokeAPIResource {
        PokeAPIResource(
            kind: PokeAPIKind(name), title: plural, singular: singular, plural: plural,
            countKey: plural.lowercased().replacing(" ", with: "_").replacing("é", with: "e"),
            tables: .shared(kind: name, named: named), reach: .indexed, links: links, extraCounts: [],
            extraction: extraction, typedTable: typed, needs: needs.map(PokeAPIKind.init))
    }
}
