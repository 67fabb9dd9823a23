import Testing

@testable import PokedexCLI
@testable import PokedexStore

/// Chains shaped as PokeAPI's evolution-chain/{2,10,22,58,67} are (written by hand from
/// ../shared/data/pokeapi/evolution-chain.jsonl.gz).
@Suite("Evolution lines")
struct EvolutionTextTests {
    static func step(_ trigger: String, _ configure: (inout EvolutionStep) -> Void = { _ in }) -> EvolutionStep {
        var step = EvolutionStep(trigger: trigger)
        configure(&step)
        return step
    }

    static func member(
        _ position: Int, _ name: String, from: String?, baby: Bool = false, _ steps: [EvolutionStep] = []
    ) -> EvolutionMember {
        EvolutionMember(
            position: position, speciesName: name.lowercased(), displayName: name, evolvesFrom: from?.lowercased(),
            isBaby: baby, steps: steps)
    }

    static func level(_ level: Int) -> EvolutionStep { step("level-up") { $0.minLevel = level } }
    static func item(_ item: String) -> EvolutionStep { step("use-item") { $0.item = item } }

    @Test("three stages, linear, by level")
    func charmander() {
        let chain = EvolutionChain(
            id: 2,
            members: [
                Self.member(0, "Charmander", from: nil),
                Self.member(1, "Charmeleon", from: "Charmander", [Self.level(16)]),
                Self.member(2, "Charizard", from: "Charmeleon", [Self.level(36)]),
            ])
        #expect(EvolutionText.lines(chain) == ["Charmander → Charmeleon (level 16) → Charizard (level 36)"])
    }

    @Test("a baby by friendship, then an item")
    func pichu() {
        let chain = EvolutionChain(
            id: 10,
            members: [
                Self.member(0, "Pichu", from: nil, baby: true),
                Self.member(1, "Pikachu", from: "Pichu", [Self.step("level-up") { $0.minHappiness = 220 }]),
                Self.member(2, "Raichu", from: "Pikachu", [Self.item("thunder-stone")]),
            ])
        #expect(EvolutionText.lines(chain) == ["Pichu (baby) → Pikachu (high friendship) → Raichu (Thunder Stone)"])
    }

    @Test("Eevee's eight branches: items, friendship by time of day, a place or an item, a move type")
    func eevee() {
        let members = [
            Self.member(0, "Eevee", from: nil),
            Self.member(1, "Vaporeon", from: "Eevee", [Self.item("water-stone")]),
            Self.member(2, "Jolteon", from: "Eevee", [Self.item("thunder-stone")]),
            Self.member(3, "Flareon", from: "Eevee", [Self.item("fire-stone")]),
            Self.member(
                4, "Espeon", from: "Eevee",
                [
                    Self.step("level-up") {
                        $0.minHappiness = 160
                        $0.timeOfDay = "day"
                    }
                ]),
            Self.member(
                5, "Umbreon", from: "Eevee",
                [
                    Self.step("level-up") {
                        $0.minHappiness = 160
                        $0.timeOfDay = "night"
                    }
                ]),
            Self.member(
                6, "Leafeon", from: "Eevee",
                [Self.step("level-up") { $0.location = "eterna-forest" }, Self.item("leaf-stone")]),
            Self.member(7, "Glaceon", from: "Eevee", [Self.item("ice-stone")]),
            Self.member(
                8, "Sylveon", from: "Eevee",
                [
                    Self.step("level-up") {
                        $0.minAffection = 2
                        $0.knownMoveType = "fairy"
                    }
                ]),
        ]
        let lines = EvolutionText.lines(EvolutionChain(id: 67, members: members))
        #expect(
            lines == [
                "Eevee → Vaporeon (Water Stone)", "      → Jolteon (Thunder Stone)", "      → Flareon (Fire Stone)",
                "      → Espeon (high friendship, day)", "      → Umbreon (high friendship, night)",
                "      → Leafeon (at Eterna Forest or Leaf Stone)", "      → Glaceon (Ice Stone)",
                "      → Sylveon (high affection, knowing a Fairy move)",
            ])
    }

    @Test("a regional form's branch (Galarian Meowth to Perrserker) and a trade with a held item")
    func branchesAndTrades() {
        let meowth = EvolutionChain(
            id: 22,
            members: [
                Self.member(0, "Meowth", from: nil), Self.member(1, "Persian", from: "Meowth", [Self.level(28)]),
                Self.member(2, "Perrserker", from: "Meowth", [Self.level(28)]),
            ])
        #expect(EvolutionText.lines(meowth) == ["Meowth → Persian (level 28)", "       → Perrserker (level 28)"])
        let scyther = EvolutionChain(
            id: 58,
            members: [
                Self.member(0, "Scyther", from: nil),
                Self.member(1, "Scizor", from: "Scyther", [Self.step("trade") { $0.heldItem = "metal-coat" }]),
                Self.member(2, "Kleavor", from: "Scyther", [Self.item("black-augurite")]),
            ])
        #expect(
            EvolutionText.lines(scyther) == [
                "Scyther → Scizor (trade, holding Metal Coat)", "        → Kleavor (Black Augurite)",
            ])
    }

    @Test(
        "conditions in words",
        arguments: [
            (EvolutionTextTests.level(16), "level 16"), (EvolutionTextTests.item("moon-stone"), "Moon Stone"),
            (EvolutionTextTests.step("trade"), "trade"),
            (EvolutionTextTests.step("trade") { $0.tradeSpecies = "shelmet" }, "trade for Shelmet"),
            (EvolutionTextTests.step("level-up") { $0.knownMove = "ancient-power" }, "knowing Ancient Power"),
            (
                EvolutionTextTests.step("level-up") {
                    $0.minLevel = 20
                    $0.timeOfDay = "dusk"
                }, "level 20, dusk"
            ),
            (
                EvolutionTextTests.step("level-up") {
                    $0.relativePhysicalStats = 1
                    $0.minLevel = 20
                }, "level 20, Attack > Defense"
            ),
            (EvolutionTextTests.step("level-up"), "level up"),
            (
                EvolutionTextTests.step("level-up") {
                    $0.minLevel = 30
                    $0.gender = 1
                }, "level 30, female"
            ),
        ] as [(EvolutionStep, String)])
    func conditions(step: EvolutionStep, text: String) {
        #expect(EvolutionText.condition(step) == text)
    }
}

@Suite("Entry layout")
struct EntryLayoutTests {
    @Test("wrapping keeps a branch's indentation and fits the width")
    func wrapsBranches() {
        let lines = EntryText.wrap(
            "      → Leafeon (at Eterna Forest or at Pinwheel Forest or at Kalos Route 20 or Leaf Stone)", width: 40)
        #expect(lines.allSatisfy { $0.count <= 40 && $0.hasPrefix("      ") }, "\(lines)")
        #expect(
            lines.first?.hasPrefix("      → Leafeon") == true
                && lines.dropFirst().allSatisfy { $0.hasPrefix("        ") })
    }

    @Test(
        "imperial units and gender ratios",
        arguments: [
            (EntryText.imperialHeight(4), " (1′04″)"), (EntryText.imperialHeight(17), " (5′07″)"),
            (EntryText.imperialWeight(60), " (13.2 lb)"), (EntryText.imperialWeight(9050), " (1995.2 lb)"),
            (EntryText.imperialHeight(-1), ""), (EntryText.gender(-1), "genderless"),
            (EntryText.gender(1), "87.5% male, 12.5% female"), (EntryText.gender(4), "50% male, 50% female"),
            (EntryText.gender(8), "100% female"), (EntryText.gender(0), "100% male"),
            (EntryText.number(25), "#0025"), (EntryText.number(10004), "#10004"),
        ])
    func units(shown: String, expected: String) {
        #expect(shown == expected)
    }
}
