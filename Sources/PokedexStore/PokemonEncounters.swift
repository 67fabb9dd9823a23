import BodyCoding
import SQLiteDatabase

/// A Pokémon's encounters (`/pokemon/{id}/encounters`, a JSON array PokeAPI links from each
/// Pokémon body), kept as the server sent it.
public enum PokemonEncounters {
    /// The encounters body stored for the Pokémon; nil: none is stored.
    public static func storedBody(_ database: Database, pokemonID: Int) throws -> StoredBody? {
        try PokeAPIResources.encounters.tables.storedBody(database, id: pokemonID)
    }
}
