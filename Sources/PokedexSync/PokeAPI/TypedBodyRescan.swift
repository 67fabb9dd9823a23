import LocalDatabase
import PokedexStore
import SQLiteDatabase

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The typed tables brought up to date with the bodies stored, replaced or removed since they
/// were written (`pokeapi_typing_pending`): each body read again from the database, nothing
/// downloaded. Runs after a sync's PokeAPI walk, and types what an older database kept.
enum TypedBodyRescan {
    /// Batches of 200 bodies, each committed: a sync stopped here resumes where it was.
    /// Call under the writer lock, with no transaction open.
    static func run(_ database: Database) throws {
        let store = TypedBodyStore(database: database)
        while !Task.isCancelled, case let pending = try store.pending(limit: 200), !pending.isEmpty {
            try store.save(
                try pending.map { kind, id in
                    (kind, id, try typed(database, kind: kind, id: id))
                })
        }
    }

    private static func typed(_ database: Database, kind: String, id: Int) throws -> TypedBodyStore.Typed {
        let resource = PokeAPIResources.resource(PokeAPIKind(kind)) ?? PokeAPIResources.discovered(kind)
        guard let stored = try resource.tables.storedBody(database, id: id) else { return .none }
        let body = Data(try stored.decoded())
        switch resource.extraction {
        case .encounters:
            return (try? PokeAPIScanner.wildEncounters(from: body)).map(TypedBodyStore.Typed.encounters) ?? .none
        case .ability:
            return (try? PokeAPIScanner.ability(from: body)).map { .body($0.sharedRows) } ?? .none
        default: break
        }
        return (try? PokeAPIScanner.typedBody(from: body)).map(TypedBodyStore.Typed.body) ?? .none
    }
}
