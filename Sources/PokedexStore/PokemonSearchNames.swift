import SQLiteDatabase

/// What `browse`'s search compares, read once and searched in memory as each key is typed:
/// every Pokémon's species and form names in every language, its abilities, and the names of
/// types and abilities that filters accept.
extension PokedexEntryQueries {
    /// Each Pokémon's species names in every stored language, folded (`NameFolding`), by
    /// Pokémon id: as the sync stored them folded, folded here where it did not.
    public func foldedSpeciesNamesByPokemon() throws -> [Int: [String]] {
        let rows = try database.query(
            """
            SELECT p.id, n.name, n.folded_name FROM pokemon AS p
            JOIN pokemon_species AS s ON s.name = p.species_name
            JOIN pokemon_species_name AS n ON n.species_id = s.id
            WHERE n.name IS NOT NULL
            """
        ) { ($0.int(0), $0.optionalText(2) ?? NameFolding.fold($0.text(1))) }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }

    /// The full names of each Pokémon's forms in every stored language ("Alolan Raichu",
    /// "Raichu d’Alola"), folded, by Pokémon id: people search for forms by those.
    public func foldedFormNamesByPokemon() throws -> [Int: [String]] {
        let rows = try database.query(
            """
            SELECT p.id, n.folded FROM pokemon_form AS f
            JOIN pokemon AS p ON p.name = f.pokemon
            JOIN pokeapi_name AS n ON n.kind = 'pokemon-form' AND n.id = f.id
            ORDER BY p.id, f.form_order, n.language
            """
        ) { ($0.int(0), $0.text(1)) }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }

    /// Each Pokémon's abilities (slugs), by Pokémon id.
    public func abilitiesByPokemon() throws -> [Int: [String]] {
        let rows = try database.query("SELECT pokemon_id, ability_name FROM pokemon_ability ORDER BY pokemon_id, slot")
        {
            ($0.int(0), $0.text(1))
        }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }

    /// Types' names in every stored language, with their slugs.
    public func typeNamesInEveryLanguage() throws -> [(slug: String, name: String)] {
        try database.query("SELECT t.name, n.name FROM type_name AS n JOIN type AS t ON t.id = n.type_id") {
            ($0.text(0), $0.text(1))
        }
    }

    /// Abilities' names in every stored language, with their slugs.
    public func abilityNamesInEveryLanguage() throws -> [(slug: String, name: String)] {
        try database.query("SELECT a.name, n.name FROM ability_name AS n JOIN ability AS a ON a.id = n.ability_id") {
            ($0.text(0), $0.text(1))
        }
    }

    /// A number that changes when another connection commits (`PRAGMA data_version`): cheap
    /// enough to ask twice a second.
    public func dataVersion() throws -> Int {
        try database.queryFirst("PRAGMA data_version") { $0.int(0) } ?? 0
    }
}
