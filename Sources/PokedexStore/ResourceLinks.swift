import SQLiteDatabase

/// The URLs stored bodies gave for the resources a Pokédex entry needs: a sync follows them
/// (it never builds resource URLs), and a partial sync takes exactly those of its Pokémon.
public struct ResourceLinks {
    public struct Link: Sendable, Equatable {
        public let name: String
        public let url: String
    }

    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The Pokémon `pokedex sync --offset --limit` took when its catalog run was skipped: the
    /// stored ones in list (id) order.
    public func pokemonIDs(offset: Int, limit: Int?) throws -> [Int] {
        try database.query(
            "SELECT id FROM pokemon ORDER BY id LIMIT ? OFFSET ?", [.int(limit ?? -1), .int(offset)]
        ) { $0.int(0) }
    }

    public func types(ofPokemon ids: [Int]) throws -> [Link] {
        try links(
            """
            SELECT type_name, type_url FROM pokemon_type
            WHERE type_url IS NOT NULL AND pokemon_id IN (SELECT value FROM json_each(?))
            ORDER BY pokemon_id, slot
            """, ids)
    }

    public func abilities(ofPokemon ids: [Int]) throws -> [Link] {
        try links(
            """
            SELECT ability_name, ability_url FROM pokemon_ability
            WHERE ability_url IS NOT NULL AND pokemon_id IN (SELECT value FROM json_each(?))
            ORDER BY pokemon_id, slot
            """, ids)
    }

    public func species(ofPokemon ids: [Int]) throws -> [Link] {
        try links(
            """
            SELECT species_name, species_url FROM pokemon
            WHERE species_url IS NOT NULL AND species_name IS NOT NULL AND id IN (SELECT value FROM json_each(?))
            ORDER BY id
            """, ids)
    }

    /// The evolution chains stored species link to (all of them when `speciesIDs` is nil), in species order.
    public func evolutionChains(ofSpecies speciesIDs: [Int]?) throws -> [Link] {
        try database.query(
            """
            SELECT '', evolution_chain_url FROM pokemon_species
            WHERE evolution_chain_url IS NOT NULL
              AND (?1 IS NULL OR id IN (SELECT value FROM json_each(?1)))
            GROUP BY evolution_chain_url ORDER BY min(id)
            """,
            [.string(speciesIDs.map(Self.json))]
        ) { Link(name: $0.text(0), url: $0.text(1)) }
    }

    /// The species the stored chains `chainIDs` name, in chain order.
    public func species(inChains chainIDs: [Int]) throws -> [Link] {
        try links(
            """
            SELECT species_name, species_url FROM evolution_chain_member
            WHERE chain_id IN (SELECT value FROM json_each(?))
            ORDER BY chain_id, position
            """, chainIDs)
    }

    private func links(_ sql: String, _ ids: [Int]) throws -> [Link] {
        try database.query(sql, [.text(Self.json(ids))]) { Link(name: $0.text(0), url: $0.text(1)) }
    }

    static func json(_ ids: [Int]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }
}
