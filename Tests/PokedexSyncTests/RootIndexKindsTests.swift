import Foundation
import Testing

@testable import PokedexSync

/// PokeAPI's root index (`/api/v2/`) as a whole sync reads it: each kind a lower-case slug
/// linking a list on the API's own origin, in the index's order; anything else refused whole.
@Suite("Root index kinds")
struct RootIndexKindsTests {
    static let baseURL = URL(string: "https://pokeapi.co/api/v2")!

    @Test("a good index gives every kind and its list URL, in its order")
    func goodIndex() throws {
        let body =
            #"{"ability":"https://pokeapi.co/api/v2/ability/","move-ailment":"https://pokeapi.co/api/v2/move-ailment/","#
            + #""gizmo2":"https://pokeapi.co/api/v2/gizmo2/","berry":"https://pokeapi.co/api/v2/berry/"}"#
        let kinds = try SyncJob.rootIndexKinds(Data(body.utf8), baseURL: Self.baseURL)
        #expect(kinds.map(\.name) == ["ability", "move-ailment", "gizmo2", "berry"])
        #expect(kinds.map(\.url) == kinds.map { "https://pokeapi.co/api/v2/\($0.name)/" })
    }

    @Test("an empty index lists no kind")
    func emptyIndex() throws {
        #expect(try SyncJob.rootIndexKinds(Data("{}".utf8), baseURL: Self.baseURL).isEmpty)
    }

    @Test(
        "an index refused whole",
        arguments: [
            // Not a slug.
            #"{"Move":"https://pokeapi.co/api/v2/move/"}"#,
            #"{"-x":"https://pokeapi.co/api/v2/x/"}"#,
            #"{"x-":"https://pokeapi.co/api/v2/x/"}"#,
            #"{"a b":"https://pokeapi.co/api/v2/a/"}"#,
            #"{"":"https://pokeapi.co/api/v2/x/"}"#,
            #"{"pokemon_species":"https://pokeapi.co/api/v2/pokemon-species/"}"#,
            #"{"../x":"https://pokeapi.co/api/v2/x/"}"#,
            "{\"\(String(repeating: "a", count: 65))\":\"https://pokeapi.co/api/v2/a/\"}",
            // A good kind then a bad one: nothing is taken.
            #"{"move":"https://pokeapi.co/api/v2/move/","Item":"https://pokeapi.co/api/v2/item/"}"#,
            // Off the API's origin.
            #"{"move":"https://evil.example/api/v2/move/"}"#,
            #"{"move":"http://pokeapi.co/api/v2/move/"}"#,
            #"{"move":"https://pokeapi.co:8443/api/v2/move/"}"#,
            #"{"move":"javascript:alert(1)"}"#,
            // Not an object of strings.
            "[]", #"["move"]"#, #""move""#, "null", "", #"{"move":1}"#, #"{"move":null}"#,
            #"{"move":{"url":"https://pokeapi.co/api/v2/move/"}}"#, #"{"move":"https://pokeapi.co/api/v2/move/""#,
            #"{"move":"https://pokeapi.co/api/v2/move/"} x"#,
        ])
    func refused(body: String) {
        #expect(throws: JSONScanFailure.self) { try SyncJob.rootIndexKinds(Data(body.utf8), baseURL: Self.baseURL) }
    }

    @Test(
        "a kind's name is a lower-case slug of 1 to 64 bytes",
        arguments: [
            ("move", true), ("move-ailment", true), ("a", true), ("gen8", true), ("8", true),
            (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false),
            ("", false), ("Move", false), ("MOVE", false), ("-x", false), ("x-", false), ("-", false),
            ("a b", false), ("a_b", false), ("a/b", false), ("a.b", false), ("é", false), ("move\n", false),
            ("ｍove", false),
        ])
    func kindName(name: String, valid: Bool) {
        #expect(SyncJob.isKindName(name) == valid)
    }
}
