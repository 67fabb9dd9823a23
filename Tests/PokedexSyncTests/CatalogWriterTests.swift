import Foundation
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import HTTPTypes
@testable import LocalDatabase
@testable import PokedexSync

/// The catalog's writer skips SQLite's per-row foreign key checks while it runs (its pages
/// write only rows whose references they wrote first) and hands its connection back checking.
@Suite("Catalog writer")
struct CatalogWriterTests {
    @Test("foreign keys are enforced again after a run, finished or failed, and no row written breaks one")
    func foreignKeysRestored() async throws {
        let directory = try TemporaryDirectory()
        let writing = PokemonCatalog(database: try LocalStore.openForWriting(path: directory.file("writer.sqlite")))
        let duringRun = EnforcementSeen(database: writing.database)
        func run(_ api: InMemoryPokeAPI) async throws {
            _ = try await ResourceSync<PokemonKind>(
                PokeAPIResources.pokemon, client: HTTPClient(transport: api.factory.make(4, 30)),
                baseURL: InMemoryPokeAPI.baseURL, store: writing
            ).run(ResourceSyncOptions(listPageSize: 4, commitSize: 4, retry: .retries(0)), source: .list(offset: 0)) {
                _ in duringRun.look()
            }
        }
        let database = writing.database
        func count(_ sql: String) throws -> Int { try database.query(sql) { _ in 1 }.count }

        // The server fails every detail from #7 on: #7 is left out and the next failure ends the
        // run, so #7's page (5–8) fails, its details written so far rolled back; #1–4 stay.
        let failing = InMemoryPokeAPI(count: 10) { request, _ in
            (Int(request.url.lastPathComponent) ?? 0) >= 7
                ? InMemoryPokeAPI.answer(request, status: 500, body: "{}") : nil
        }
        await #expect(throws: FetchError.self) { try await run(failing) }
        #expect(try database.foreignKeysEnforced)
        #expect(try count("SELECT 1 FROM pokemon_move WHERE move_name = 'tackle'") == 4)
        #expect(try count("PRAGMA foreign_key_check") == 0)

        try await run(InMemoryPokeAPI(count: 10))
        #expect(try database.foreignKeysEnforced)
        #expect(
            !duringRun.enforced.isEmpty && !duringRun.enforced.contains(true),
            "off at each commit of both runs: \(duringRun.enforced)")
        #expect(try count("SELECT 1 FROM pokemon_move WHERE move_name = 'tackle'") == 10)
        #expect(try count("PRAGMA foreign_key_check") == 0)
        // Enforced: a Pokémon's deletion takes its learnset with it.
        try database.run("DELETE FROM pokemon WHERE id = 1")
        #expect(try count("SELECT 1 FROM pokemon_move_coded WHERE pokemon_id = 1") == 0)
    }
}

/// What the writer's connection enforced when a page was committed: the progress callback runs
/// on the writer's queue, the only code using the connection then.
private final class EnforcementSeen: @unchecked Sendable {
    let database: Database
    private(set) var enforced: [Bool] = []

    init(database: Database) { self.database = database }

    func look() { enforced.append((try? database.foreignKeysEnforced) ?? true) }
}
