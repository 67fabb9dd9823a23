import Testing
import TextUtilities

@testable import JSONOutput
@testable import PokedexCLI
@testable import PokedexStore

@Suite("Output formatting")
struct OutputTests {
    @Test("JSON keeps key order and escapes what JSON requires")
    func jsonRendering() {
        let value = JSONValue.object([
            ("id", .int(25)), ("name", .string("Quote \" backslash \\ tab \t bell \u{7} é ♀")),
            ("types", .array([.string("electric")])), ("empty", .array([])), ("none", .null), ("yes", .bool(true)),
        ])
        #expect(
            value.rendered() == """
                {
                  "id": 25,
                  "name": "Quote \\" backslash \\\\ tab \\t bell \\u0007 é ♀",
                  "types": [
                    "electric"
                  ],
                  "empty": [],
                  "none": null,
                  "yes": true
                }
                """)
    }

    @Test("nested JSON indents two spaces a level; numbers are written in full")
    func nestedJSON() {
        let value = JSONValue.array([
            .object([("chain", .array([.object([("min", .int(-1)), ("max", .int(Int.max))]), .object([])]))]),
            .bool(false),
        ])
        #expect(
            value.rendered() == """
                [
                  {
                    "chain": [
                      {
                        "min": -1,
                        "max": 9223372036854775807
                      },
                      {}
                    ]
                  },
                  false
                ]
                """)
    }

    @Test(
        "JSON strings: plain text is kept as is, every character JSON or JavaScript needs escaped is",
        arguments: [
            ("plain ASCII", #""plain ASCII""#), ("é 日本語 🔥", #""é 日本語 🔥""#), ("♀ … ’", #""♀ … ’""#),
            ("a\"b", #""a\"b""#), ("back\\slash", #""back\\slash""#), ("line\nbreak", #""line\nbreak""#),
            ("\r\t", #""\r\t""#), ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\u007f""#),
            ("sep\u{2028}para\u{2029}", #""sep\u2028para\u2029""#), ("♀\"", #""♀\"""#),
        ])
    func jsonStrings(text: String, rendered: String) {
        #expect(JSONValue.string(text).rendered() == rendered)
    }

    @Test(
        "control characters are shown, not interpreted, on a terminal",
        arguments: [
            ("plain", "plain"), ("\u{1B}[31mred", "^[[31mred"), ("bell\u{7}", "bell^G"), ("a\nb", "a^Jb"),
            ("\u{9B}31m", "\\u{9b}31m"), ("é♀", "é♀"),
        ])
    func sanitize(input: String, shown: String) {
        #expect(TerminalText.sanitize(input) == shown)
    }

    @Test("tables align columns")
    func table() {
        #expect(
            TerminalLayout(width: 80, palette: nil).render(
                TextTable(header: ["ID", "NAME"], rows: [["1", "bulbasaur"], ["25", "pikachu"]]).lines(width: 80)
            ).text
                == "ID  NAME\n1   bulbasaur\n25  pikachu")
    }

    @Test("repos narrows a repository's name on a narrow terminal, never a count or a date")
    func repositoryTable() {
        let times = ["2026-12-05T11:31:07Z", "2026-12-05T10:47:00Z"].map(CommandRunner.toTheMinute)
        #expect(times == ["2026-12-05T11:31Z", "2026-12-05T10:47Z"])
        let row = ["acme/rocket-launch-control", "295", "105", "897"] + times
        for width in [70, 66] {
            let lines = CommandRunner.repositoryTable([row]).lines(width: width).map(\.plain)
            #expect(
                lines[1].hasSuffix("295     105  897       2026-12-05T11:31Z  2026-12-05T10:47Z"),
                "\(width): \(lines[1])")
            #expect(lines[1].hasPrefix("acm") && lines[1].contains("…"), "\(width): \(lines[1])")
            #expect(lines.allSatisfy { TerminalColumns.of($0) <= width })
        }
    }

    @Test("show's JSON has the documented keys in order")
    func profileKeys() {
        let summary = PokemonSummary(
            id: 25, name: "pikachu", url: "u", types: ["electric"],
            artwork: Artwork(url: "a", derived: false))
        let profile = PokemonProfile(
            summary: summary, hasDetails: true, height: 4, weight: 60, baseExperience: nil,
            order: 35, speciesName: "pikachu",
            abilities: [.init(name: "static", isHidden: false, slot: 1)],
            stats: [.init(name: "hp", baseStat: 35, effort: 0)])
        guard case .object(let members) = PokemonJSON.profile(profile) else {
            Issue.record("not an object")
            return
        }
        #expect(
            members.map { $0.0 } == [
                "id", "name", "url", "types", "artwork_url", "artwork_derived", "has_details",
                "height", "weight", "base_experience", "order", "species", "abilities", "stats",
            ])
        #expect(members.first { $0.0 == "base_experience" }?.1 == .null)
    }

    @Test("heights and weights are shown in metres and kilograms")
    func units() {
        let summary = PokemonSummary(
            id: 25, name: "pikachu", url: "u", types: ["electric"],
            artwork: Artwork(url: "a", derived: false))
        let profile = PokemonProfile(
            summary: summary, hasDetails: true, height: 4, weight: 60, baseExperience: 112,
            order: 35, speciesName: "pikachu", abilities: [], stats: [])
        let text = PokemonText.profile(profile).text
        #expect(text.contains("0.4 m") && text.contains("6.0 kg"))
    }
}
