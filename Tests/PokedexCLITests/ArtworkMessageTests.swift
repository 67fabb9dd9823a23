import Testing

@testable import PokedexCLI
@testable import PokedexStore

/// Why `artwork` has no PNG to give, and whether a sync would store one.
@Suite("artwork: why no image is stored")
struct ArtworkMessageTests {
    static func state(url: String?, missing: Bool = false, details: Bool = true) -> StoredImageState {
        StoredImageState(kind: .sprite, linkedURL: url, byteSize: nil, isMissing: missing, detailsStored: details)
    }

    @Test(
        "each state in words, a sync suggested only where it would store the image",
        arguments: [
            (nil, "no sprite of pikachu: its details are not stored yet (run `pokedex sync --artwork sprites`)"),
            (
                state(url: nil, details: false),
                "no sprite of pikachu: its details are not stored yet (run `pokedex sync --artwork sprites`)"
            ),
            (state(url: nil), "no sprite of pikachu: PokeAPI links none in its details"),
            (
                state(url: "http://h/25.png", missing: true),
                "no sprite of pikachu: the image host answered 404 for http://h/25.png; `pokedex sync --artwork "
                    + "sprites` asks again once --max-age has passed"
            ),
            (
                state(url: "http://h/25.png"),
                "no sprite of pikachu is stored: run `pokedex sync --artwork sprites` to store it"
            ),
        ] as [(StoredImageState?, String)])
    func notStored(state: StoredImageState?, expected: String) {
        #expect(CommandRunner.notStored(.sprite, of: "pikachu", state) == expected)
    }
}
