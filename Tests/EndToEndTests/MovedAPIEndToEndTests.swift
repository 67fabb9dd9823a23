import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// A database synced from one PokeAPI and then pointed at another (`--pokeapi-url` changed to a
/// self-hosted PokeAPI, or another pokedex's `serve`): what it stored links the first.
@Suite("pokedex sync after the API's base URL changed")
struct MovedAPIEndToEndTests {
    @Test("a stored link off the new API is named, not requested; a plain sync takes every body from the new API")
    func bodiesComeFromTheNewAPI() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        let first = try KindsFixture.api()
        let synced = try KindsFixture.run(database, first, ["sync"])
        try #require(synced.status == 0, "\(synced.stderr)")
        first.stop()
        let second = try KindsFixture.api()

        // The encounters' links come from the Pokémon's entries, still those of the first API.
        let encounters = ["sync", "--resources", "pokemon-encounters", "--max-age", "0s"]
        let refused = try KindsFixture.run(database, second, encounters)
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains("\(first.baseURL)/pokemon/")
                && refused.stderr.contains(
                    "/encounters is a link stored from an earlier API URL, not followed off the API at "
                        + "\(second.baseURL); a plain `pokedex sync` replaces the links of what this API lists"),
            "\(refused.stderr)")
        #expect(second.server.requests.allSatisfy { !$0.path.hasSuffix("/encounters") })

        // Every entry is listed at a new URL: each body is asked for again, with no ETag the
        // first API gave.
        second.server.resetLog()
        let plain = try KindsFixture.run(database, second, ["sync"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(second.detailRequestCount == second.catalog.count)
        #expect(second.server.requests.allSatisfy { $0.headers["if-none-match"] == nil })
        let pokemon = try #require(second.catalog.first)
        let body = try PokedexProcess.run(["--db", database, "get", "pokemon/\(pokemon.id)"])
        #expect(body.stdout == second.body(forID: pokemon.id), "the body stored from the first API is kept")

        let again = try KindsFixture.run(database, second, encounters)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(second.encountersRequestCount > 0)
    }
}
