import PokedexStore
import TestSupport
import Testing

@testable import PokedexCLI

/// The suggestions a new user was offered from the real data (issue 29), checked against every
/// real Pokémon, type and ability in every language PokeAPI has.
@Suite("Real suggestions", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealSuggestionTests {
    @Test("nidoran, stattic and fyre: no name of another language, no thing twice")
    func reported() throws {
        let database = try EntryLayoutWidthTests.realDatabase()
        let queries = PokedexEntryQueries(database: database)
        guard case .notFound(let pokemon) = try queries.lookup("nidoran") else {
            Issue.record("nidoran was found")
            return
        }
        // Was "nidoran-f, nidoran-m, nidorina, nidorino, Yadoran" (Slowbro in German).
        #expect(pokemon == ["Nidoran♀", "Nidoran♂", "Nidorina", "Nidorino"])
        // Was "Static, Statico, Statik": one ability in three languages.
        #expect(try queries.abilitySuggestions(for: "stattic") == ["Static"])
        // Was "Fire, Fee" (Fairy in German).
        #expect(try queries.typeSuggestions(for: "fyre") == ["Fire"])
        #expect(
            try PokedexEntryQueries(database: database, language: "de").abilitySuggestions(for: "stattic") == ["Statik"]
        )
    }
}
