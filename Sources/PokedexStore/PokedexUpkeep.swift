import SQLiteDatabase

/// The Pokédex's data migrations that need Swift, run by a sync when it opens the file:
/// species names folded as lookups compare them, and Pokédex texts cleaned again from their
/// stored bodies after the cleaning rule changed. Nothing pending, the usual case, is two
/// reads of empty results.
public enum PokedexUpkeep {
    public static func run(_ database: Database) throws {
        let species = SpeciesStore(database: database)
        try species.foldUnfoldedNames()
        try species.recleanFlavorTexts()
        let catalog = PokemonCatalog(database: database)
        if try catalog.learnsetIndexIsDue { try catalog.indexLearnsetsByMove() }
    }
}
