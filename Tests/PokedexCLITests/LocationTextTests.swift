import Testing

@testable import PokedexCLI
@testable import PokedexStore

/// `location`'s Game and Other games lines: the game shown, and those it is not shown in; its
/// areas, those where nothing is met in the game shown named together.
@Suite("Location text")
struct LocationTextTests {
    static func entry(shown: String?, games: [LocationEntry.Game]) -> LocationEntry {
        let pikachu = LocationEntry.Appearance(
            pokemon: "pikachu", displayName: "Pikachu", methods: ["walk"], minLevel: 3, maxLevel: 5, chance: 4,
            versions: ["red"])
        return LocationEntry(
            name: "viridian-forest", displayName: "Viridian Forest", region: "kanto", regionName: "Kanto",
            versionGroup: shown, groupName: games.first { $0.name == shown }?.displayName, games: games,
            areas: [
                LocationEntry.Area(
                    name: "viridian-forest-area", displayName: "Viridian Forest",
                    appearances: shown == nil ? [] : [pikachu]
                )
            ])
    }

    static let redBlue = LocationEntry.Game(name: "red-blue", displayName: "Red/Blue")
    static let goldSilver = LocationEntry.Game(name: "gold-silver", displayName: "Gold/Silver")

    @Test(
        "the game shown, then the others met there in",
        arguments: [
            ("red-blue", [goldSilver, redBlue], ["Game        Red/Blue", "Other games Gold/Silver (--game)"]),
            ("red-blue", [redBlue], ["Game        Red/Blue"]),
            (nil, [], ["Pokémon     none stored"]),
        ] as [(String?, [LocationEntry.Game], [String])])
    func gameLines(shown: String?, games: [LocationEntry.Game], expected: [String]) {
        let text = LocationText.entry(
            Self.entry(shown: shown, games: games), layout: TerminalLayout(width: 80, palette: nil)
        ).text
        let lines = text.split(separator: "\n").map(String.init)
        for line in expected { #expect(lines.contains(line), "\(text)") }
        #expect(lines.contains { $0.hasPrefix("Other games") } == (games.count > 1), "\(text)")
        #expect(lines.contains { $0.hasPrefix("Game") } == (shown != nil), "\(text)")
    }

    static func area(_ name: String, met: Bool) -> LocationEntry.Area {
        LocationEntry.Area(
            name: name.lowercased().replacing(" ", with: "-"), displayName: name,
            appearances: met
                ? [
                    LocationEntry.Appearance(
                        pokemon: "zubat", displayName: "Zubat", methods: ["walk"], minLevel: 8, maxLevel: 8,
                        chance: 15, versions: ["red"])
                ] : [])
    }

    @Test(
        "areas where nothing is met in the game shown are named on one line",
        arguments: [
            (
                "red-blue", [area("Mt. Moon 1F", met: true), area("Mt. Moon Square", met: false)],
                [
                    "Mt. Moon 1F", "Pokémon     Zubat (walk, Lv 8, 15%)",
                    "Other areas Mt. Moon Square (none met in that game)",
                ]
            ),
            (
                "red-blue", [area("Mt. Moon Square", met: false), area("Mt. Moon 2F", met: false)],
                ["Areas       Mt. Moon Square, Mt. Moon 2F (none met in that game)"]
            ),
            (nil, [area("Mt. Moon Square", met: false)], ["Mt. Moon Square", "Pokémon     none stored"]),
        ] as [(String?, [LocationEntry.Area], [String])])
    func areaLines(shown: String?, areas: [LocationEntry.Area], expected: [String]) {
        let entry = LocationEntry(
            name: "mt-moon", displayName: "Mt. Moon", region: "kanto", regionName: "Kanto", versionGroup: shown,
            groupName: shown.map { _ in "Red/Blue" }, games: shown == nil ? [] : [Self.redBlue], areas: areas)
        let text = LocationText.entry(entry, layout: TerminalLayout(width: 80, palette: nil)).text
        #expect(
            text.split(separator: "\n").map(String.init) == ["Mt. Moon (mt-moon)", "Region      Kanto"]
                + (shown == nil ? [] : ["Game        Red/Blue"]) + expected, "\(text)")
    }

    @Test(
        "what none is stored of says whether PokeAPI lists none, once a sync took them all",
        arguments: [
            (false, false, false, ["Areas       none stored"]), (true, false, false, ["Areas       none in PokeAPI"]),
            (false, true, false, ["Areas       none stored"]),
            (false, false, true, ["Mt. Moon Square", "Pokémon     none stored"]),
            (true, false, true, ["Mt. Moon Square", "Pokémon     none stored"]),
            (false, true, true, ["Mt. Moon Square", "Pokémon     none in PokeAPI"]),
        ])
    func noneStored(areasTaken: Bool, encountersTaken: Bool, hasArea: Bool, expected: [String]) {
        var entry = LocationEntry(
            name: "mt-moon", displayName: "Mt. Moon", region: "kanto", regionName: "Kanto", versionGroup: nil,
            groupName: nil, games: [], areas: hasArea ? [Self.area("Mt. Moon Square", met: false)] : [])
        entry.allAreasStored = areasTaken
        entry.allEncountersStored = encountersTaken
        let text = LocationText.entry(entry, layout: TerminalLayout(width: 80, palette: nil)).text
        #expect(Array(text.split(separator: "\n").map(String.init).dropFirst(2)) == expected, "\(text)")
    }
}
