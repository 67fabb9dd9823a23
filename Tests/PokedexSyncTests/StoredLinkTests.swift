import Foundation
import Testing

@testable import PokedexSync

/// Links stored bodies gave, followed only on the API the sync uses now.
@Suite("Stored links on the API's origin")
struct StoredLinkTests {
    static let base = URL(string: "http://127.0.0.1:8000/api/v2")!

    @Test(
        "a link on the API's origin, or relative to it, is followed as it is",
        arguments: [
            "http://127.0.0.1:8000/api/v2/pokemon/1/encounters", "/api/v2/pokemon/1/encounters", "type/3/",
        ])
    func followed(link: String) throws {
        #expect(try StoredLink.checked(link, base: Self.base) == link)
    }

    @Test(
        "a link elsewhere is refused saying so, that no request was sent, and how to store this API's bodies",
        arguments: [
            "http://127.0.0.1:7000/api/v2/pokemon/1/encounters", "https://pokeapi.co/api/v2/evolution-chain/1/",
            "ftp://127.0.0.1:8000/api/v2/pokemon/1/",
        ])
    func refused(link: String) throws {
        #expect(throws: StoredLinkError(url: link, base: Self.base)) { try StoredLink.checked(link, base: Self.base) }
        let text = StoredLinkError(url: link, base: Self.base).description
        #expect(text.hasPrefix("a stored body links to \(link), not on the API's origin (http://127.0.0.1:8000/): "))
        #expect(text.contains("no request was sent") && text.contains("`pokedex sync --max-age 0`"), "\(text)")
    }
}
