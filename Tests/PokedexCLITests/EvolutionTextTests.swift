import Foundation
import Testing
import TextUtilities

@testable import JSONOutput
@testable import PokedexCLI
@testable import PokedexStore

/// Chains shaped as PokeAPI's evolution-chain/{2,10,22,57,58,67,144,383,428} are, written by
/// hand from ../shared/data/pokeapi/evolution-chain.jsonl.gz so they run without it
/// (`RealEvolutionLineTests` renders the real bodies).
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

    static func parsed(_ value: JSONValue) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(value.rendered().utf8)) as? [String: Any])
    }

    static func level(_ level: Int) -> EvolutionStep { step("level-up") { $0.minLevel = level } }
    static func item(_ item: String) -> EvolutionStep { step("use-item") { $0.item = item } }
    static func forms(_ step: EvolutionStep, _ base: String?, _ evolved: String?) -> EvolutionStep {
        var step = step
        step.baseForm = base
        step.evolvedForm = evolved
        return step
    }

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

    /// evolution-chain/10: a baby by friendship, then Thunder Stone, making Alolan Raichu in Alola.
    static let pichuChain = EvolutionChain(
        id: 10,
        members: [
            member(0, "Pichu", from: nil, baby: true),
            member(1, "Pikachu", from: "Pichu", [step("level-up") { $0.minHappiness = 220 }]),
            member(
                2, "Raichu", from: "Pikachu",
                [
                    forms(item("thunder-stone"), "pikachu", nil),
                    forms(
                        step("use-item") {
                            $0.item = "thunder-stone"
                            $0.region = "alola"
                        }, "pikachu", "raichu-alola"),
                ]),
        ])

    @Test("a baby by friendship, then an item; the regional form the item makes in Alola")
    func pichu() {
        let chain = Self.pichuChain
        #expect(
            EvolutionText.lines(chain) == [
                "Pichu (baby) → Pikachu (high friendship) → Raichu (Thunder Stone)",
                "                                         → Alolan Raichu (Thunder Stone, in Alola)",
            ])
        #expect(
            EvolutionText.paths(chain).last
                == "Pichu (baby) → Pikachu (high friendship) → Alolan Raichu (Thunder Stone, in Alola)")
    }

    @Test("a baby's incense, and a regional form that evolves further (Galarian Mr. Mime → Mr. Rime)")
    func mimeJr() throws {
        let mimic = Self.step("level-up") { $0.knownMove = "mimic" }
        var galarMimic = mimic
        galarMimic.region = "galar"
        let chain = EvolutionChain(
            id: 57, babyTriggerItem: "odd-incense",
            members: [
                Self.member(0, "Mime Jr.", from: nil, baby: true),
                EvolutionMember(
                    position: 1, speciesName: "mr-mime", displayName: "Mr. Mime", evolvesFrom: "mime jr.",
                    steps: [mimic, Self.forms(galarMimic, nil, "mr-mime-galar")]),
                EvolutionMember(
                    position: 2, speciesName: "mr-rime", displayName: "Mr. Rime", evolvesFrom: "mr-mime",
                    steps: [Self.forms(Self.level(42), "mr-mime-galar", nil)]),
            ])
        #expect(
            EvolutionText.paths(chain) == [
                "Mime Jr. (baby, bred holding Odd Incense) → Mr. Mime (knowing Mimic)",
                "Mime Jr. (baby, bred holding Odd Incense) → Galarian Mr. Mime (knowing Mimic, in Galar)"
                    + " → Mr. Rime (level 42)",
            ])
        let json = try Self.parsed(EvolutionJSON.chain(chain))
        let members = try #require(json["members"] as? [[String: Any]])
        #expect(members[1]["conditions"] as? [String] == ["knowing Mimic", "knowing Mimic, in Galar"])
        #expect(json["baby_trigger_item"] as? String == "odd-incense")
        #expect(json["lines"] as? [String] == EvolutionText.paths(chain))
    }

    @Test("Eevee's eight branches: items, friendship by time of day, special rocks in five places, a move type")
    func eevee() {
        func rock(_ place: String) -> EvolutionStep {
            Self.step("level-up") {
                $0.location = place
                $0.nearSpecialRock = true
            }
        }
        let members = [
            Self.member(0, "Eevee", from: nil),
            Self.member(1, "Vaporeon", from: "Eevee", [Self.item("water-stone")]),
            Self.member(2, "Jolteon", from: "Eevee", [Self.forms(Self.item("thunder-stone"), "eevee", nil)]),
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
                [rock("eterna-forest"), rock("pinwheel-forest"), Self.item("leaf-stone"), rock("lush-jungle")]),
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
        let chain = EvolutionChain(id: 67, members: members)
        #expect(
            EvolutionText.lines(chain) == [
                "Eevee → Vaporeon (Water Stone)", "      → Jolteon (Thunder Stone)", "      → Flareon (Fire Stone)",
                "      → Espeon (high friendship, day)", "      → Umbreon (high friendship, night)",
                "      → Leafeon (near a special rock at Eterna Forest, Pinwheel Forest or Lush Jungle; or Leaf Stone)",
                "      → Glaceon (Ice Stone)", "      → Sylveon (high affection, knowing a Fairy move)",
            ])
        #expect(EvolutionText.paths(chain)[1] == "Eevee → Jolteon (Thunder Stone)")
    }

    @Test("regional forms' own lines: Alolan Meowth by friendship, only Galarian Meowth to Perrserker")
    func meowth() {
        let meowth = EvolutionChain(
            id: 22,
            members: [
                Self.member(0, "Meowth", from: nil),
                Self.member(
                    1, "Persian", from: "Meowth",
                    [
                        Self.level(28),
                        Self.forms(Self.step("level-up") { $0.minHappiness = 160 }, "meowth-alola", "persian-alola"),
                    ]),
                Self.member(2, "Perrserker", from: "Meowth", [Self.forms(Self.level(28), "meowth-galar", nil)]),
            ])
        #expect(
            EvolutionText.lines(meowth) == [
                "Meowth → Persian (level 28)", "Alolan Meowth → Alolan Persian (high friendship)",
                "Galarian Meowth → Perrserker (level 28)",
            ])
    }

    @Test("forms that are not regional (Own Tempo Rockruff → Dusk Lycanroc); the default variety is the species")
    func rockruff() {
        func dusk(_ time: String) -> EvolutionStep {
            Self.step("level-up") {
                $0.minLevel = 25
                $0.timeOfDay = time
            }
        }
        let chain = EvolutionChain(
            id: 383,
            members: [
                Self.member(0, "Rockruff", from: nil),
                EvolutionMember(
                    position: 1, speciesName: "lycanroc", displayName: "Lycanroc", evolvesFrom: "rockruff",
                    defaultForm: "lycanroc-midday",
                    steps: [
                        Self.forms(dusk("day"), "rockruff", "lycanroc-midday"),
                        Self.forms(dusk("night"), "rockruff", "lycanroc-midnight"),
                        Self.forms(dusk("dusk"), "rockruff-own-tempo", "lycanroc-dusk"),
                    ]),
            ])
        #expect(
            EvolutionText.lines(chain) == [
                "Rockruff → Lycanroc (level 25, day)", "         → Midnight Lycanroc (level 25, night)",
                "Own Tempo Rockruff → Dusk Lycanroc (level 25, dusk)",
            ])
    }

    @Test("a member no step leads to still follows the one it evolves from (Meltan → Melmetal)")
    func meltan() {
        let chain = EvolutionChain(
            id: 428, members: [Self.member(1, "Meltan", from: nil), Self.member(2, "Melmetal", from: "Meltan")])
        #expect(EvolutionText.lines(chain) == ["Meltan → Melmetal"])
    }

    @Test("a trade with a held item; Shedinja's shed reads without nested parentheses")
    func tradesAndShed() {
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
        let nincada = EvolutionChain(
            id: 144,
            members: [
                Self.member(0, "Nincada", from: nil), Self.member(1, "Ninjask", from: "Nincada", [Self.level(20)]),
                Self.member(2, "Shedinja", from: "Nincada", [Self.step("shed")]),
            ])
        #expect(
            EvolutionText.lines(nincada).last
                == "        → Shedinja (shed into a free party slot, with a spare Poké Ball)")
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
            (
                EvolutionTextTests.step("use-move") {
                    $0.usedMove = "rage-fist"
                    $0.minMoveCount = 20
                }, "using Rage Fist 20 times"
            ),
            (
                EvolutionTextTests.step("agile-style-move") {
                    $0.usedMove = "psyshield-bash"
                    $0.minMoveCount = 20
                }, "using Psyshield Bash 20 times in Agile Style"
            ),
            (EvolutionTextTests.step("level-up") { $0.minSteps = 1000 }, "after 1,000 steps"),
            (EvolutionTextTests.step("take-damage") { $0.minDamageTaken = 49 }, "after taking 49 HP of damage"),
            (EvolutionTextTests.step("recoil-damage") { $0.minDamageTaken = 294 }, "after 294 HP of recoil damage"),
            (
                EvolutionTextTests.step("use-item") {
                    $0.item = "peat-block"
                    $0.timeOfDay = "full-moon"
                }, "Peat Block, full moon"
            ),
            (
                EvolutionTextTests.step("level-up") {
                    $0.nearSpecialRock = true
                    $0.location = "twist-mountain"
                }, "near a special rock, at Twist Mountain"
            ),
            (
                EvolutionTextTests.step("level-up") {
                    $0.minLevel = 17
                    $0.region = "hisui"
                    $0.versionGroup = "legends-arceus"
                }, "level 17, in Hisui"
            ),
            (EvolutionTextTests.step("level-up") { $0.needsMultiplayer = true }, "with another player"),
            (EvolutionTextTests.step("three-critical-hits"), "Three Critical Hits"),
            (EvolutionTextTests.step("other") { $0.minLevel = 25 }, "level 25"),
        ] as [(EvolutionStep, String)])
    func conditions(step: EvolutionStep, text: String) {
        #expect(EvolutionConditionText.condition(step) == text)
    }

    @Test(
        "ways of one arrow: the same words in several places are one way",
        arguments: [
            ([EvolutionTextTests.level(28)], "level 28"),
            ([EvolutionTextTests.item("leaf-stone"), EvolutionTextTests.item("leaf-stone")], "Leaf Stone"),
            (
                [
                    EvolutionTextTests.step("level-up") { $0.location = "mt-coronet" },
                    EvolutionTextTests.step("level-up") { $0.location = "chargestone-cave" },
                    EvolutionTextTests.item("thunder-stone"),
                ], "level up at Mt Coronet or Chargestone Cave; or Thunder Stone"
            ),
            (
                [
                    EvolutionTextTests.step("level-up") { $0.location = "mount-lanakila" },
                    EvolutionTextTests.item("ice-stone"),
                ], "level up at Mount Lanakila; or Ice Stone"
            ),
            (
                [EvolutionTextTests.step("tower-of-darkness"), EvolutionTextTests.item("scroll-of-darkness")],
                "Tower of Darkness or Scroll of Darkness"
            ),
            (
                [
                    EvolutionTextTests.step("level-up") {
                        $0.minAffection = 2
                        $0.knownMoveType = "fairy"
                    },
                    EvolutionTextTests.step("level-up") {
                        $0.minHappiness = 160
                        $0.knownMoveType = "fairy"
                    },
                ], "high affection, knowing a Fairy move; or high friendship, knowing a Fairy move"
            ),
        ] as [([EvolutionStep], String)])
    func alternatives(steps: [EvolutionStep], text: String) {
        #expect(EvolutionConditionText.alternatives(steps) == text)
    }

    @Test("--json steps carry every condition under PokeAPI's keys, and in words")
    func jsonStep() throws {
        let step = Self.forms(
            Self.step("use-move") {
                $0.usedMove = "barb-barrage"
                $0.minMoveCount = 20
                $0.versionGroup = "legends-arceus"
            }, "qwilfish-hisui", nil)
        let json = try Self.parsed(EvolutionJSON.step(step))
        #expect(json["used_move"] as? String == "barb-barrage" && json["min_move_count"] as? Int == 20)
        #expect(json["base_form"] as? String == "qwilfish-hisui" && json["evolved_form"] is NSNull)
        #expect(json["version_group"] as? String == "legends-arceus")
        #expect(json["text"] as? String == "using Barb Barrage 20 times")
    }
}

@Suite("Entry layout")
struct EntryLayoutTests {
    @Test("wrapping keeps a branch's indentation and fits the width")
    func wrapsBranches() {
        let lines = LineWrapping.lines(
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
