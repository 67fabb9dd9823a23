import Testing

@testable import PokedexStore

/// The id at the end of a list entry's URL where 0 and -1 are ids (`move-ailment/-1/`).
@Suite("Signed resource ids")
struct SignedResourceIDTests {
    @Test(
        "parses the last path segment as a signed id",
        arguments: [
            ("https://pokeapi.co/api/v2/move-ailment/-1/", -1),
            ("https://pokeapi.co/api/v2/move-category/0/", 0),
            ("https://pokeapi.co/api/v2/pokemon/25/", 25),
            ("https://pokeapi.co/api/v2/pokemon/25", 25),
            ("/api/v2/move/85/?limit=3#x", 85),
            ("-7", -7),
            ("https://pokeapi.co/api/v2/x/9223372036854775807/", Int.max),
            ("https://pokeapi.co/api/v2/x/-9223372036854775807/", -Int.max),
        ])
    func parses(url: String, expected: Int) throws {
        #expect(try PokemonResource.signedID(fromURL: url) == expected)
    }

    @Test(
        "rejects what is no integer id",
        arguments: [
            "", "/", "-", "https://pokeapi.co/api/v2/move-ailment/-/", "https://pokeapi.co/api/v2/move/--1/",
            "https://pokeapi.co/api/v2/move/1-/", "https://pokeapi.co/api/v2/move/+1/",
            "https://pokeapi.co/api/v2/move/pound/", "https://pokeapi.co/api/v2/move/8a5/",
            "https://pokeapi.co/api/v2/move/1.5/", "https://pokeapi.co/api/v2/move/ 1/",
            "https://pokeapi.co/api/v2/x/9223372036854775808/", "https://pokeapi.co/api/v2/x/-9223372036854775808/",
            "https://pokeapi.co/api/v2/x/99999999999999999999999/", "https://pokeapi.co/api/v2/move/",
            "https://pokeapi.co/api/v2/move/１/",
        ])
    func rejects(url: String) {
        #expect(throws: ResourceURLError(url: url)) { try PokemonResource.signedID(fromURL: url) }
    }

    @Test("the unsigned reading still refuses 0 and -1", arguments: ["/move-category/0/", "/move-ailment/-1/"])
    func unsignedRefuses(url: String) {
        #expect(throws: ResourceURLError(url: url)) { try PokemonResource.id(fromURL: url) }
    }
}
