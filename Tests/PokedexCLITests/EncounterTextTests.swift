import Testing

@testable import PokedexCLI
@testable import PokedexStore

@Suite("show's Where line")
struct EncounterTextTests {
    static func found(places: Int) -> WhereFound {
        WhereFound(
            versionGroup: "red-blue", groupName: "Red/Blue",
            places: (0..<places).map {
                EncounterPlace(
                    area: "route-\($0 + 1)", displayName: "Route \($0 + 1)", methods: ["walk"], minLevel: 3,
                    maxLevel: 5, chance: 10)
            },
            encounters: [])
    }

    /// The first `count` places as the line names them.
    static func named(_ count: Int) -> String {
        let places: [String] = (1...count).map { LineWrapping.unbroken("Route \($0) (walk, Lv 3–5, 10%)") }
        return "Red/Blue: " + places.joined(separator: ", ")
    }

    static func version(_ name: String, _ low: Int, _ high: Int, _ chance: Int, methods: [String] = ["walk"])
        -> VersionEncounter
    {
        VersionEncounter(
            version: name.lowercased(), versionName: name, methods: methods, minLevel: low, maxLevel: high,
            chance: chance)
    }

    @Test(
        "a place whose versions tell apart: each version's part, or the versions alone that have it",
        arguments: [
            ([], "Viridian Forest (walk, Lv 3–5, 45%)"),
            (
                [version("Red", 3, 3, 5), version("Blue", 3, 5, 45)],
                "Viridian Forest (walk; Red Lv 3, 5%; Blue Lv 3–5, 45%)"
            ),
            ([version("Blue", 3, 5, 45)], "Viridian Forest (walk, Lv 3–5, 45%; Blue only)"),
            (
                [
                    VersionEncounter(
                        version: "red", versionName: "Red", methods: ["walk"], minLevel: nil, maxLevel: nil, chance: nil
                    ),
                    version("Blue", 3, 5, 45),
                ],
                "Viridian Forest (walk; Red; Blue Lv 3–5, 45%)"
            ),
            (
                [version("Red", 3, 3, 5), version("Blue", 3, 5, 45, methods: ["surf"])],
                "Viridian Forest (Red walk, Lv 3, 5%; Blue surf, Lv 3–5, 45%)"
            ),
        ] as [([VersionEncounter], String)])
    func versions(versions: [VersionEncounter], expected: String) {
        let text = EncounterText.place(
            "Viridian Forest", methods: ["walk"], levels: (3, 5), chance: 45, versions: versions)
        #expect(text.replacingOccurrences(of: "\u{A0}", with: " ") == expected)
    }

    @Test("a way met at one time of day says it, in the place's summary and in a version's part")
    func timeOfDay() {
        let night = ["walk": "At night"]
        #expect(
            EncounterText.place("Road 29", methods: ["walk", "surf"], times: night, levels: (2, 4), chance: 85)
                .replacingOccurrences(of: "\u{A0}", with: " ") == "Road 29 (walk at night, surf, Lv 2–4, 85%)")
        var red = Self.version("Red", 3, 3, 5)
        red.times = night
        let text = EncounterText.place(
            "Road 30", methods: ["walk"], levels: (3, 5), chance: 45, versions: [red, Self.version("Blue", 3, 5, 45)])
        #expect(
            text.replacingOccurrences(of: "\u{A0}", with: " ")
                == "Road 30 (Red walk at night, Lv 3, 5%; Blue walk, Lv 3–5, 45%)")
    }

    @Test("a place as show and browse name it: its versions' parts only where they differ")
    func storedPlace() {
        var place = EncounterPlace(
            area: "viridian-forest", displayName: "Viridian Forest", methods: ["walk"], minLevel: 3, maxLevel: 5,
            chance: 45)
        place.versions = [Self.version("Blue", 3, 5, 45)]
        #expect(
            EncounterText.place(place).replacingOccurrences(of: "\u{A0}", with: " ")
                == "Viridian Forest (walk, Lv 3–5, 45%)")
        place.differsByVersion = true
        #expect(
            EncounterText.place(place).replacingOccurrences(of: "\u{A0}", with: " ")
                == "Viridian Forest (walk, Lv 3–5, 45%; Blue only)")
    }

    @Test("no place in a game PokeAPI gives no one's encounters in is said to be PokeAPI's lack")
    func noEncountersInPokeAPI() {
        var found = Self.found(places: 0)
        found.groupHasEncounters = false
        #expect(EncounterText.summary(found) == "Red/Blue: PokeAPI lists no encounters in these games")
    }

    @Test(
        "six places are named, the rest counted",
        arguments: [
            (0, "Red/Blue: not in the wild"), (1, named(1)), (6, named(6)),
            (7, named(6) + "; 1 more place " + LineWrapping.unbroken("(--json lists it)")),
            (9, named(6) + "; 3 more places " + LineWrapping.unbroken("(--json lists them)")),
        ])
    func summary(places: Int, expected: String) {
        #expect(EncounterText.summary(Self.found(places: places)) == expected)
    }
}
