import Foundation
import PokedexStore
import Testing

@testable import PokedexSync

@Suite("PokeAPI scanner")
struct PokeAPIScannerTests {
    /// A minimal detail body in PokeAPI's shape, with `extra` spliced in before `"weight"`.
    static func body(
        extra: String = "", sprites: String = #"{"other":{"official-artwork":{"front_default":"A"}}}"#,
        name: String = #""pikachu""#
    ) -> String {
        """
        {"abilities":[{"ability":{"name":"static","url":"u"},"is_hidden":false,"slot":1},\
        {"ability":{"name":"lightning-rod","url":"u"},"is_hidden":true,"slot":3}],\
        "base_experience":112,"height":4,"id":25,\
        "moves":[{"move":{"name":"x]}\\"{[","url":"u"},"version_group_details":[{"a":[[[]]],"b":"\\\\"}]}],\
        "name":\(name),"order":35,"species":{"name":"pikachu","url":"u"},"sprites":\(sprites),\
        "stats":[{"base_stat":35,"effort":0,"stat":{"name":"hp","url":"u"}},{"base_stat":90,"effort":2,"stat":{"name":"speed","url":"u"}}],\
        "types":[{"slot":2,"type":{"name":"steel","url":"u"}},{"slot":1,"type":{"name":"electric","url":"u"}}],\(extra)\
        "weight":60}
        """
    }

    static func scan(_ text: String) throws -> PokemonDetails {
        try PokeAPIScanner.details(from: Data(text.utf8))
    }

    @Test(
        "a reference read for its name still needs a url string, which is checked and not kept",
        arguments: [
            (#"{"name":"red-blue","url":"https://pokeapi.co/api/v2/version-group/1/"}"#, "red-blue"),
            (#"{"url":"https:\/\/pokeapi.co\/api\/v2\/version-group\/3\/","extra":[1],"name":"gold"}"#, "gold"),
            (#"{"name":"red-blue"}"#, "resource without name or url"),
            (#"{"url":"u"}"#, "resource without name or url"),
            (#"{"name":"red-blue","url":5}"#, "expected a string"),
            ("{\"name\":\"red-blue\",\"url\":\"a\u{1}\"}", "control character in string"),
        ])
    func referenceName(json: String, expected: String) {
        let read = Result { () throws(JSONScanFailure) in
            try JSONScanner.scan(Data(json.utf8)) { scanner throws(JSONScanFailure) in try scanner.namedResourceName() }
        }
        switch read {
        case .success(let name): #expect(name == expected)
        case .failure(let failure): #expect(failure.reason == expected, "\(failure)")
        }
    }

    @Test("extracts every stored field, skipping the rest whatever it contains")
    func extractsFields() throws {
        let details = try Self.scan(Self.body())
        #expect(
            details
                == PokemonDetails(
                    id: 25, name: "pikachu", height: 4, weight: 60, baseExperience: 112, order: 35,
                    speciesName: "pikachu",
                    types: ["electric", "steel"],
                    abilities: [
                        .init(name: "static", isHidden: false, slot: 1),
                        .init(name: "lightning-rod", isHidden: true, slot: 3),
                    ],
                    stats: [.init(name: "hp", baseStat: 35, effort: 0), .init(name: "speed", baseStat: 90, effort: 2)],
                    officialArtworkURL: "A", speciesURL: "u", typeURLs: ["u", "u"], abilityURLs: ["u", "u"]))
    }

    @Test("agrees with JSONDecoder-free reading on whitespace and key order")
    func prettyPrinted() throws {
        let compact = try Self.scan(Self.body())
        let object = try JSONSerialization.jsonObject(with: Data(Self.body().utf8))
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        #expect(try PokeAPIScanner.details(from: pretty) == compact)
    }

    @Test(
        "optional values may be null or missing",
        arguments: [
            (#"{"other":{"official-artwork":{"front_default":null}}}"#, nil),
            (#"{"other":{"official-artwork":null}}"#, nil),
            (#"{"other":null}"#, nil),
            ("null", nil),
            (#"{"front_default":"x","other":{"dream_world":{"front_default":"d"}}}"#, nil),
            (
                #"{"other":{"home":{"front_default":"h"},"official-artwork":{"front_shiny":"s","front_default":"B"}}}"#,
                "B"
            ),
        ] as [(String, String?)])
    func artwork(sprites: String, expected: String?) throws {
        #expect(try Self.scan(Self.body(sprites: sprites)).officialArtworkURL == expected)
    }

    @Test(
        "sprite URLs: front_default and front_shiny of sprites itself, never of other's artworks",
        arguments: [
            (
                #"{"front_default":"f","front_shiny":"s","other":{"official-artwork":{"front_default":"o"}}}"#, "f",
                "s", "o"
            ),
            (#"{"front_default":null,"front_shiny":null}"#, nil, nil, nil),
            (#"{"back_default":"b","other":{"home":{"front_default":"h","front_shiny":"hs"}}}"#, nil, nil, nil),
            (#"{"other":{"official-artwork":{"front_shiny":"os"}},"front_shiny":"s"}"#, nil, "s", nil),
            ("null", nil, nil, nil),
        ] as [(String, String?, String?, String?)])
    func spriteURLs(sprites: String, front: String?, shiny: String?, official: String?) throws {
        let details = try Self.scan(Self.body(sprites: sprites))
        #expect(details.spriteURL == front)
        #expect(details.shinySpriteURL == shiny)
        #expect(details.officialArtworkURL == official)
    }

    @Test(
        "strings are unescaped",
        arguments: [
            (#""pika\"chu""#, "pika\"chu"), (#""caf\u00e9""#, "café"), (#""\ud83d\ude00""#, "😀"),
            (#""a\\b\/c\n""#, "a\\b/c\n"), (#""raw é ♀""#, "raw é ♀"),
        ])
    func escapes(json: String, expected: String) throws {
        #expect(try Self.scan(Self.body(name: json)).name == expected)
    }

    @Test("null base experience and a null ability are accepted")
    func nulls() throws {
        let text = Self.body().replacingOccurrences(of: #""base_experience":112"#, with: #""base_experience":null"#)
            .replacingOccurrences(of: #"{"ability":{"name":"static","url":"u"}"#, with: #"{"ability":null"#)
        let details = try Self.scan(text)
        #expect(details.baseExperience == nil)
        #expect(details.abilities.map(\.name) == ["lightning-rod"])
    }

    @Test(
        "malformed or incomplete documents are refused with a reason",
        arguments: [
            ("", "empty"),
            ("[]", "expected '{'"),
            (#"{"id":25}"#, "missing"),
            (#"{"id":"25","name":"x","types":[],"abilities":[],"stats":[]}"#, "integer"),
            (#"{"id":25.5,"name":"x","types":[],"abilities":[],"stats":[]}"#, "fraction"),
            (#"{"id":99999999999999999999,"name":"x","types":[],"abilities":[],"stats":[]}"#, "out of range"),
            (#"{"id":25,"name":"x","types":[],"abilities":[],"stats":[]} trailing"#, "after the top-level value"),
            (#"{"id":25,"name":"x","types":[{"slot":1}],"abilities":[],"stats":[]}"#, "type entry"),
            (#"{"id":25,"name":"x","types":[],"abilities":[],"stats":[],"moves":[1,2"#, "end of data"),
            (#"{"id":25,"name":"unterminated"#, "unterminated string"),
            (#"{"id":25,"name":"x","types":[],"abilities":[],"stats":[1]}"#, "expected '{'"),
            (#"{"id":25 "name":"x"}"#, "expected ','"),
        ])
    func refusesMalformed(text: String, reasonFragment: String) {
        #expect {
            try Self.scan(text)
        } throws: { error in
            (error as? JSONScanFailure)?.description.contains(reasonFragment) == true
        }
    }

    @Test(
        "reads a list page's count, next link and entries, skipping other keys",
        arguments: [
            (
                #"{"count":3,"next":"https://x/api/v2/pokemon/?offset=2&limit=2","previous":null,"#
                    + #""results":[{"name":"bulbasaur","url":"https://x/1/"},{"url":"https://x/2/","name":"ivysaur"}]}"#,
                3, "https://x/api/v2/pokemon/?offset=2&limit=2", ["bulbasaur https://x/1/", "ivysaur https://x/2/"]
            ),
            (#" { "results" : [ ] , "count" : 0 , "next" : null , "extra" : {"a":[1]} } "#, 0, nil, []),
            (
                #"{"count":1,"results":[{"name":"mew","url":"https://x/151/","extra":1}]}"#, 1, nil,
                ["mew https://x/151/"]
            ),
        ])
    func listPages(text: String, count: Int, next: String?, entries: [String]) throws {
        let page = try PokeAPIScanner.listPage(from: Data(text.utf8))
        #expect(page.count == count)
        #expect(page.next == next)
        #expect(page.results.map { "\($0.name) \($0.url)" } == entries)
    }

    @Test(
        "a list page of the wrong shape is refused with a reason",
        arguments: [
            ("", "empty"),
            ("[]", "expected '{'"),
            (#"{"count":1}"#, "missing \"results\""),
            (#"{"results":[]}"#, "missing \"count\""),
            (#"{"count":1,"results":[{"name":"mew"}]}"#, "list entry without url"),
            (#"{"count":1,"results":[{"name":1,"url":"u"}]}"#, "string"),
            (#"{"count":"1","results":[]}"#, "integer"),
            (#"{"count":0,"results":[]} {}"#, "after the top-level value"),
        ])
    func refusesMalformedListPages(text: String, reasonFragment: String) {
        #expect {
            try PokeAPIScanner.listPage(from: Data(text.utf8))
        } throws: { error in
            (error as? JSONScanFailure)?.description.contains(reasonFragment) == true
        }
    }
}
