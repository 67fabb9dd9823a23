import BodyCoding
import SQLiteDatabase

/// A Pokémon's encounters (`/pokemon/{id}/encounters`, a JSON array PokeAPI links from each
/// Pokémon body): not stored by any sync yet, so every reader is told so through this one
/// method, which a store of them will answer instead.
public enum PokemonEncounters {
    /// The encounters body stored for the Pokémon; nil: none is stored.
    public static func storedBody(_ database: Database, pokemonID: Int) throws -> StoredBody? { nil }
}
