import PokedexStore
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
        let failure = CommandRunner.notFound(query, what: what, elsewhere: { [] }, suggestions: { ["Thunderbolt"] })
        #expect(failure.message == expected)
        #expect(failure.exitCode == .notFound)
    }

    @Test(
        "a name another kind has is said to be that kind's, with its command, instead of guesses; an id never",
        arguments: [
            (
                "pikachu", [(ShownKind.pokemon, "pikachu")],
                "no move named 'pikachu' in the local data; that is the name of a Pokémon (pokedex show pikachu)"
            ),
            (
                "Psychic", [(.move, "psychic"), (.type, "psychic")],
                "no move named 'Psychic' in the local data; that is the name of a move (pokedex move psychic) and a type "
                    + "(pokedex type psychic)"
            ),
            (
                "king's rock", [(.item, "kings-rock")],
                "no move named 'king's rock' in the local data; that is the name of an item (pokedex item kings-rock)"
            ),
            ("25", [(.pokemon, "pikachu")], "no move with id 25 in the local data"),
            ("thunderbolz", [], "no move named 'thunderbolz' in the local data (did you mean Thunderbolt?)"),
        ] as [(String, [(ShownKind, String)], String)])
    func otherKind(query: String, others: [(ShownKind, String)], expected: String) {
        let failure = CommandRunner.notFound(
            query, what: "move", elsewhere: { others.map { (kind: $0.0, slug: $0.1) } },
            suggestions: { ["Thunderbolt"] })
        #expect(failure.message == expected)
    }
}
