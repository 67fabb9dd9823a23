import Testing

@testable import PokedexCLI
@testable import PokedexStore

/// `item`'s Held by lines: each Pokémon once, with its chances and the games they hold in,
/// Pokémon alike on one line, a name never wrapped apart; its Evolves line: each Pokémon the
/// item evolves with the ways that use it.
@Suite("Item text")
struct ItemTextTests {
    static func holder(
        _ pokemon: String, form: String? = nil, version: String, group: String, rarity: Int?, named: String? = nil
    ) -> ItemEntry.Holder {
        ItemEntry.Holder(
            pokemon: pokemon, displayName: named ?? (pokemon.hasPrefix("slowbro") ? "Slowbro" : "Slowpoke"), form: form,
            version: version, versionGroup: group, rarity: rarity)
    }

    static let heldGames = [
        GameGroup(versionGroup: "red-blue", groupName: "Red/Blue"),
        GameGroup(versionGroup: "yellow", groupName: "Yellow"),
        GameGroup(versionGroup: "gold-silver", groupName: "Gold/Silver"),
        GameGroup(versionGroup: "x-y", groupName: "X/Y"),
    ]

    @Test(
        "holders",
        arguments: [
            ([holder("slowbro", version: "red", group: "red-blue", rarity: 5)], ["Slowbro: 5% (Red/Blue)"]),
            // Versions of one game are one game; a game the others hold it in and this one does
            // not ends a run; chances differing by game are each named.
            (
                [
                    holder("slowbro", version: "red", group: "red-blue", rarity: 50),
                    holder("slowbro", version: "blue", group: "red-blue", rarity: 50),
                    holder("slowbro", version: "yellow", group: "yellow", rarity: 50),
                    holder("slowbro-mega", form: "mega", version: "x", group: "x-y", rarity: 5),
                    holder("slowbro", version: "x", group: "x-y", rarity: 5),
                    holder("slowpoke", version: "red", group: "red-blue", rarity: 5),
                    holder("slowpoke", version: "gold", group: "gold-silver", rarity: 5),
                ],
                [
                    "Slowbro: 50% (Red/Blue to Yellow), 5% (X/Y)", "Slowbro\u{A0}(Mega): 5% (X/Y)",
                    "Slowpoke: 5% (Red/Blue, Gold/Silver)",
                ]
            ),
            // Pokémon holding it with the same chances in the same games share a line.
            (
                [
                    holder("slowpoke", version: "gold", group: "gold-silver", rarity: 5),
                    holder("slowbro", version: "silver", group: "gold-silver", rarity: 5),
                    holder("slowbro-mega", form: "mega", version: "y", group: "x-y", rarity: 5),
                ],
                ["Slowpoke, Slowbro: 5% (Gold/Silver)", "Slowbro\u{A0}(Mega): 5% (X/Y)"]
            ),
            // Chances in one game's versions differing are both named.
            (
                [
                    holder("slowbro", version: "red", group: "red-blue", rarity: 5),
                    holder("slowbro", version: "blue", group: "red-blue", rarity: 50),
                ],
                ["Slowbro: 5%/50% (Red/Blue)"]
            ),
            ([holder("slowbro", version: "red", group: "red-blue", rarity: nil)], ["Slowbro: held (Red/Blue)"]),
            // Forms PokeAPI names alike (Minior's meteors) say their slugs, on a line or across lines.
            (
                [
                    holder("slowbro-a", version: "red", group: "red-blue", rarity: 5, named: "Slowbro (Meteor)"),
                    holder("slowbro-b", version: "red", group: "red-blue", rarity: 5, named: "Slowbro (Meteor)"),
                    holder("slowbro-c", version: "x", group: "x-y", rarity: 5, named: "Slowbro (Meteor)"),
                ],
                [
                    "Slowbro\u{A0}(Meteor)\u{A0}(slowbro-a), Slowbro\u{A0}(Meteor)\u{A0}(slowbro-b): 5% (Red/Blue)",
                    "Slowbro\u{A0}(Meteor)\u{A0}(slowbro-c): 5% (X/Y)",
                ]
            ),
        ])
    func holders(holders: [ItemEntry.Holder], expected: [String]) {
        var entry = ItemEntry(
            name: "kings-rock", displayName: "King’s Rock", category: nil, categoryName: nil, cost: nil, prices: [],
            pricedGames: [], flingPower: nil, flingEffect: nil, shortEffect: nil, effect: nil, gameText: nil,
            holders: holders, evolutionChains: [])
        entry.heldGames = Self.heldGames
        #expect(ItemText.holders(entry) == expected)
    }

    @Test(
        "games in a row sharing a label are one run, each label once with its runs; a game without one ends a run",
        arguments: [
            (
                [("₽1,200", "Red/Blue"), ("₽1,200", "Yellow"), ("₽800", "Sun/Moon")],
                "₽1,200 (Red/Blue to Yellow), ₽800 (Sun/Moon)"
            ),
            ([("₽200", "Red/Blue"), (nil, "Yellow"), ("₽200", "Gold/Silver")], "₽200 (Red/Blue, Gold/Silver)"),
            (
                [
                    ("TM24", "Red/Blue"), ("TM24", "Yellow"), (nil, "Gold/Silver"), ("TM24", "Ruby/Sapphire"),
                    ("TM85", "X/Y"),
                ],
                "TM24 (Red/Blue to Yellow, Ruby/Sapphire), TM85 (X/Y)"
            ),
            ([(nil, "Red/Blue")], ""),
            (
                [("TM126", "Scarlet/Violet"), ("TM126", "Scarlet/Violet: The Indigo Disk")],
                "TM126 (Scarlet/Violet to The\u{A0}Indigo\u{A0}Disk)"
            ),
            // Names are kept on one line: an item's, a move's, a game's.
            (
                [("Forbice X", "Let’s Go, Pikachu!/Let’s Go, Eevee!")],
                "Forbice\u{A0}X (Let’s\u{A0}Go,\u{A0}Pikachu!/Let’s\u{A0}Go,\u{A0}Eevee!)"
            ),
        ] as [([(String?, String)], String)])
    func gameRuns(games: [(String?, String)], expected: String) {
        #expect(GameRuns.text(games.map { (label: $0.0, groupName: $0.1) }) == expected)
    }

    @Test("an item's prices: a game others are priced in but it is not ends a run; one none is priced in ends none")
    func pricesAcrossGames() {
        func game(_ slug: String, _ name: String) -> GameGroup {
            GameGroup(versionGroup: slug, groupName: name)
        }
        func price(_ slug: String, _ amount: Int) -> ItemEntry.Price {
            ItemEntry.Price(versionGroup: slug, purchase: amount, sell: amount / 2)
        }
        let entry = ItemEntry(
            name: "net-ball", displayName: "Net Ball", category: nil, categoryName: nil, cost: nil,
            prices: [price("ruby-sapphire", 1000), price("emerald", 1000), price("sword-shield", 1000)],
            pricedGames: [
                game("ruby-sapphire", "Ruby/Sapphire"), game("emerald", "Emerald"),
                game("lets-go-pikachu-lets-go-eevee", "Let’s Go"), game("sword-shield", "Sword/Shield"),
            ],
            flingPower: nil, flingEffect: nil, shortEffect: nil, effect: nil, gameText: nil, holders: [],
            evolutionChains: [])
        #expect(ItemText.prices(entry, \.purchase) == "₽1,000 (Ruby/Sapphire to Emerald, Sword/Shield)")
        #expect(ItemText.prices(entry, \.sell) == "₽500 (Ruby/Sapphire to Emerald, Sword/Shield)")
    }

    @Test("a machine's moves by game, each move once with its runs")
    func teaches() {
        func taught(_ group: String, _ move: String) -> ItemEntry.TaughtMove {
            ItemEntry.TaughtMove(
                versionGroup: group.lowercased(), groupName: group, move: move.lowercased(), moveName: move)
        }
        var entry = ItemEntry(
            name: "tm24", displayName: "TM24", category: nil, categoryName: nil, cost: nil, prices: [],
            pricedGames: [], flingPower: nil, flingEffect: nil, shortEffect: nil, effect: nil, gameText: nil,
            holders: [], evolutionChains: [])
        entry.teaches = [
            taught("Red/Blue", "Thunderbolt"), taught("Gold/Silver", "DragonBreath"), taught("Crystal", "DragonBreath"),
            taught("Ruby/Sapphire", "Thunderbolt"),
        ]
        let text = ItemText.entry(entry, layout: TerminalLayout(width: 100, palette: nil)).text
        #expect(
            text.contains("Teaches     Thunderbolt (Red/Blue, Ruby/Sapphire), DragonBreath (Gold/Silver to Crystal)"),
            "\(text)")
    }

    @Test("a price: Poké Dollars with thousands; none for 0, not sold or not bought")
    func price() {
        #expect(ItemText.price(1200) == "₽1,200" && ItemText.price(0) == nil && ItemText.price(nil) == nil)
    }

    /// Scyther's chain with its held item's stored name, and Eevee's Leafeon by a place or an item.
    static let scytherChain: EvolutionChain = {
        var chain = EvolutionChain(
            id: 58,
            members: [
                EvolutionTextTests.member(0, "Scyther", from: nil),
                EvolutionTextTests.member(
                    1, "Scizor", from: "Scyther", [EvolutionTextTests.step("trade") { $0.heldItem = "metal-coat" }]),
                EvolutionTextTests.member(2, "Kleavor", from: "Scyther", [EvolutionTextTests.item("black-augurite")]),
            ])
        chain.conditionNames = ["item/metal-coat": "Metallmantel"]
        return chain
    }()
    static let eeveeChain = EvolutionChain(
        id: 67,
        members: [
            EvolutionTextTests.member(0, "Eevee", from: nil),
            EvolutionTextTests.member(1, "Jolteon", from: "Eevee", [EvolutionTextTests.item("thunder-stone")]),
            EvolutionTextTests.member(
                2, "Leafeon", from: "Eevee",
                [
                    EvolutionTextTests.step("level-up") { $0.location = "eterna-forest" },
                    EvolutionTextTests.item("leaf-stone"),
                ]
            ),
        ])

    @Test(
        "evolutions an item triggers",
        arguments: [
            (
                EvolutionTextTests.pichuChain, "thunder-stone",
                [
                    EvolutionText.ItemEvolution(species: "raichu", text: "Raichu (Thunder Stone)", held: false),
                    EvolutionText.ItemEvolution(
                        species: "raichu", form: "raichu-alola", text: "Alolan Raichu (Thunder Stone, in Alola)",
                        held: false),
                ]
            ),
            (
                scytherChain, "metal-coat",
                [
                    EvolutionText.ItemEvolution(
                        species: "scizor", text: "Scizor (trade, holding Metallmantel)", held: true)
                ]
            ),
            (
                eeveeChain, "leaf-stone",
                [EvolutionText.ItemEvolution(species: "leafeon", text: "Leafeon (Leaf Stone)", held: false)]
            ),
            (eeveeChain, "metal-coat", []),
        ])
    func evolutions(chain: EvolutionChain, item: String, expected: [EvolutionText.ItemEvolution]) {
        #expect(EvolutionText.evolutions(usingItem: item, in: chain) == expected)
    }
}
