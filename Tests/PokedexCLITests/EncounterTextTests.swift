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
