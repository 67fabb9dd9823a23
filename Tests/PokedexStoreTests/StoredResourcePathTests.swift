import Testing

@testable import PokedexStore

/// What `pokedex get` takes: KIND/ID, KIND/NAME, a path or a URL, down to one stored body.
@Suite("Stored resource paths")
struct StoredResourcePathTests {
    @Test(
        "names one resource",
        arguments: [
            ("move/85", "move", "85", false),
            ("move/85/", "move", "85", false),
            ("/api/v2/move/85/", "move", "85", false),
            ("api/v2/move/85", "move", "85", false),
            ("https://pokeapi.co/api/v2/move/85/?x#y", "move", "85", false),
            ("https://pokeapi.co/api/v2/move/85#y", "move", "85", false),
            ("http://127.0.0.1:8080/api/v2/move/85/", "move", "85", false),
            ("Move/Thunderbolt", "move", "thunderbolt", false),
            ("move-ailment/-1", "move-ailment", "-1", false),
            ("/api/v2/move-category/0/", "move-category", "0", false),
            ("pokemon/25/encounters", "pokemon", "25", true),
            ("/api/v2/pokemon/pikachu/encounters/", "pokemon", "pikachu", true),
            ("https://pokeapi.co/api/v2/pokemon/25/encounters?x=1", "pokemon", "25", true),
            ("machine//1", "machine", "1", false),
        ])
    func parses(text: String, kind: String, key: String, isEncounters: Bool) {
        #expect(StoredResourcePath(text) == StoredResourcePath(kind: kind, key: key, isEncounters: isEncounters))
    }

    @Test(
        "names no single resource",
        arguments: [
            "", "/", "move", "/api/v2/move/", "api/v2/move", "/api/v2/", "a/b/c", "move/85/encounters",
            "pokemon/25/moves", "pokemon/25/encounters/1", "https://pokeapi.co", "https://pokeapi.co/",
            "https://pokeapi.co/api/v2/move/", "?x=move/85", "#move/85", "move/?x", ":",
        ])
    func refuses(text: String) {
        #expect(StoredResourcePath(text) == nil)
    }
}
