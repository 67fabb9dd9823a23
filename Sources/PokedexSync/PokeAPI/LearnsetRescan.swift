import PokedexStore
import SQLiteDatabase

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The learnsets of Pokémon whose bodies were stored before pokedex kept learnsets, and the
/// version groups' order: their stored bodies scanned again, nothing downloaded.
enum LearnsetRescan {
    /// Batches of 50 bodies, each committed: an interrupted sync resumes where it stopped.
    /// Call under the writer lock, with no transaction open.
    static func run(_ database: Database) throws {
        let catalog = PokemonCatalog(database: database)
        let tables = PokeAPIResources.pokemon.tables
        while case let ids = try catalog.learnsetsPending(limit: 50), !ids.isEmpty {
            let learnsets = try ids.map { id in
                let moves = try tables.storedBody(database, id: id).flatMap { stored in
                    try? PokeAPIScanner.details(from: Data(stored.decoded())).moves
                }
                return (pokemonID: id, moves: moves)
            }
            try catalog.saveRescannedLearnsets(learnsets)
        }
        try rescanVersionGroups(database)
    }

    /// The version groups' order, which learnsets are ranked by, from bodies stored before it
    /// was kept: a few dozen small bodies, scanned when the table is empty and bodies exist.
    private static func rescanVersionGroups(_ database: Database) throws {
        guard let resource = PokeAPIResources.all.first(where: { $0.extraction == .versionGroup }),
            try database.queryFirst("SELECT count(*) FROM version_group", row: { $0.int(0) }) == 0
        else { return }
        let ids = try resource.tables.listPage(database, offset: 0, limit: 10_000).entries.map(\.id)
        let store = StoredBodyStore(database: database, resource: resource)
        try database.writeTransaction {
            for id in ids {
                guard let body = try resource.tables.storedBody(database, id: id),
                    let fields = try? PokeAPIScanner.storedBody(from: Data(body.decoded()))
                else { continue }
                try store.saveVersionGroup(fields)
            }
        }
    }
}
