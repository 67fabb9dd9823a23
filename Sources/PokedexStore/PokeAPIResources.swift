import LocalDatabase

/// The PokeAPI kinds pokedex syncs, in the order a sync takes them: the Pokémon first (their
/// bodies link the rest), then the linked kinds, which `show` draws on. A kind is added here,
/// with its tables and its `sync_resource` row in a migration, its scanner and store, and its
/// case of ``PokeAPIResource/Extraction``.
public enum PokeAPIResources {
    public static let all: [PokeAPIResource] = [pokemon, type, ability, species, evolutionChain, encounters] + indexed

    /// Every kind but the Pokémon: what a sync takes after their list.
    public static var linked: ArraySlice<PokeAPIResource> { all.dropFirst() }

    /// The kinds a `--resources` sync of `named` takes: those, the kinds they are shown with
    /// (``PokeAPIResource/needs``), and, for a `partial` one, the Pokémon whose entries choose
    /// what it takes of the rest.
    public static func taken(_ named: Set<String>, partial: Bool) -> Set<String> {
        var taken = named.union(partial ? [pokemon.kind.name] : [])
        var unread = Array(taken)
        while let name = unread.popLast() {
            for need in resource(PokeAPIKind(name))?.needs ?? [] where taken.insert(need.name).inserted {
                unread.append(need.name)
            }
        }
        return taken
    }

    /// The declaration of `kind`; nil for a kind pokedex does not store.
    public static func resource(_ kind: PokeAPIKind) -> PokeAPIResource? {
        all.first { $0.kind == kind }
    }

    public static let pokemon = PokeAPIResource(
        kind: .pokemon, title: "Pokémon catalog", singular: "Pokémon", plural: "Pokémon", countKey: "pokemon",
        tables: ResourceTables(table: "pokemon", jsonTable: "pokemon_detail_json", key: "pokemon_id"),
        reach: .listed, links: [], extraCounts: [], extraction: .pokemon)

    public static let type = PokeAPIResource(
        kind: PokeAPIKind("type"), title: "types", singular: "type", plural: "types", countKey: "types",
        tables: ResourceTables(table: "type", jsonTable: "type_json", key: "type_id"), reach: .listed,
        links: [
            PokeAPIResource.Link(
                from: .pokemon,
                sql: """
                    SELECT type_name, type_url FROM pokemon_type
                    WHERE type_url IS NOT NULL AND pokemon_id IN (SELECT value FROM json_each(?1))
                    ORDER BY pokemon_id, slot
                    """)
        ],
        extraCounts: [PokeAPIResource.Count(key: "damage_relations", sql: "SELECT count(*) FROM type_damage")],
        extraction: .type)

    public static let ability = PokeAPIResource(
        kind: PokeAPIKind("ability"), title: "abilities", singular: "ability", plural: "abilities",
        countKey: "abilities",
        tables: ResourceTables(table: "ability", jsonTable: "ability_json", key: "ability_id"), reach: .listed,
        links: [
            PokeAPIResource.Link(
                from: .pokemon,
                sql: """
                    SELECT ability_name, ability_url FROM pokemon_ability
                    WHERE ability_url IS NOT NULL AND pokemon_id IN (SELECT value FROM json_each(?1))
                    ORDER BY pokemon_id, slot
                    """)
        ],
        extraCounts: [], extraction: .ability)

    /// Species are linked from the Pokémon and, for a partial sync, from the evolution chains
    /// its Pokémon's species belong to: those it runs again for after the chains.
    public static let species = PokeAPIResource(
        kind: PokeAPIKind("pokemon-species"), title: "species", singular: "species", plural: "species",
        countKey: "species",
        tables: ResourceTables(table: "pokemon_species", jsonTable: "pokemon_species_json", key: "species_id"),
        reach: .listed,
        links: [
            PokeAPIResource.Link(
                from: .pokemon,
                sql: """
                    SELECT species_name, species_url FROM pokemon
                    WHERE species_url IS NOT NULL AND species_name IS NOT NULL
                      AND id IN (SELECT value FROM json_each(?1))
                    ORDER BY id
                    """),
            PokeAPIResource.Link(
                from: PokeAPIKind("evolution-chain"),
                sql: """
                    SELECT species_name, species_url FROM evolution_chain_member
                    WHERE chain_id IN (SELECT value FROM json_each(?1))
                    ORDER BY chain_id, position
                    """),
        ],
        extraCounts: [
            PokeAPIResource.Count(key: "flavor_texts", sql: "SELECT count(*) FROM pokemon_species_flavor_text")
        ],
        extraction: .species)

    /// Chains have no list walk and no name: each species' body links its chain.
    public static let evolutionChain = PokeAPIResource(
        kind: PokeAPIKind("evolution-chain"), title: "evolution chains", singular: "evolution chain",
        plural: "evolution chains", countKey: "evolution_chains",
        tables: ResourceTables(
            table: "evolution_chain", jsonTable: "evolution_chain_json", key: "chain_id", named: false),
        reach: .followed,
        links: [
            PokeAPIResource.Link(
                from: PokeAPIKind("pokemon-species"),
                sql: """
                    SELECT '', evolution_chain_url FROM pokemon_species
                    WHERE evolution_chain_url IS NOT NULL
                      AND (?1 IS NULL OR id IN (SELECT value FROM json_each(?1)))
                    GROUP BY evolution_chain_url ORDER BY min(id)
                    """)
        ],
        extraCounts: [PokeAPIResource.Count(key: "members", sql: "SELECT count(*) FROM evolution_chain_member")],
        extraction: .evolutionChain)
}
