import Testing

@testable import PokedexStore

@Suite("Resource URL → id")
struct PokemonResourceTests {
    @Test(
        "parses the id from the last non-empty path segment",
        arguments: [
            ("https://pokeapi.co/api/v2/pokemon/25/", 25),
            ("https://pokeapi.co/api/v2/pokemon/25", 25),
            ("/api/v2/pokemon/25/", 25),
            ("api/v2/pokemon/10001/", 10001),
            ("https://pokeapi.co/api/v2/pokemon/25/?limit=3", 25),
            ("https://pokeapi.co/api/v2/pokemon/25?x=1&y=2", 25),
            ("https://pokeapi.co/api/v2/pokemon/25/#top", 25),
            ("http://127.0.0.1:8080/api/v2/pokemon/1//", 1),
            ("7", 7),
        ])
    func parsesID(url: String, expected: Int) throws {
        #expect(try PokemonResource.id(fromURL: url) == expected)
    }

    @Test(
        "rejects URLs without a positive integer id",
        arguments: [
            "", "/", "https://pokeapi.co/api/v2/pokemon/", "https://pokeapi.co/api/v2/pokemon/pikachu/",
            "https://pokeapi.co/api/v2/pokemon/0/", "https://pokeapi.co/api/v2/pokemon/-3/",
            "https://pokeapi.co/api/v2/pokemon/2.5/", "https://pokeapi.co/api/v2/pokemon/25a/",
            "https://pokeapi.co/api/v2/pokemon/99999999999999999999999/", "?id=25",
            "https://pokeapi.co/api/v2/pokemon/２５/",
        ])
    func rejectsGarbage(url: String) {
        #expect(throws: ResourceURLError(url: url)) { try PokemonResource.id(fromURL: url) }
    }

    @Test("the error names the URL")
    func errorNamesURL() {
        #expect(ResourceURLError(url: "https://x/pokemon/abc/").description.contains("https://x/pokemon/abc/"))
    }

    @Test("artwork prefers the API's link and derives one from the id otherwise")
    func artwork() {
        let official = "https://example.org/25.png"
        #expect(PokemonResource.artwork(id: 25, official: official) == Artwork(url: official, derived: false))
        #expect(
            PokemonResource.artwork(id: 10004, official: nil)
                == Artwork(
                    url:
                        "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/10004.png",
                    derived: true))
    }
}
