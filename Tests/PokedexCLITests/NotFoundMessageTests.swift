import Testing

@testable import PokedexCLI

@Suite("Not-found messages")
struct NotFoundMessageTests {
    @Test(
        "an id is named as an id; a query without a letter gets no guesses; a name gets the nearest",
        arguments: [
            ("0", "move", "no move with id 0 in the local data"),
            (" 25 ", "Pokémon", "no Pokémon with id 25 in the local data"),
            ("２５", "Pokémon", "no Pokémon with id 25 in the local data"),
            ("#0025", "Pokémon", "no Pokémon with id 25 in the local data"),
            ("-1", "Pokémon", "no Pokémon named '-1' in the local data"),
            ("10%", "Pokémon", "no Pokémon named '10%' in the local data"),
            ("thunderbolz", "move", "no move named 'thunderbolz' in the local data (did you mean Thunderbolt?)"),
            ("10まんボルトー", "move", "no move named '10まんボルトー' in the local data (did you mean Thunderbolt?)"),
        ])
    func message(query: String, what: String, expected: String) {
        let failure = CommandRunner.notFound(query, what: what, suggestions: { ["Thunderbolt"] })
        #expect(failure.message == expected)
        #expect(failure.exitCode == .notFound)
    }
}
