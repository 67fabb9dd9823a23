import Testing

@testable import PokedexCLI
@testable import PokedexStore

/// `item`'s Held by line: each Pokémon once, with its chances, a name and its chances never
/// wrapped apart.
@Suite("Item text")
struct ItemTextTests {
    static func holder(_ pokemon: String, form: String? = nil, version: String, rarity: Int?) -> ItemEntry.Holder {
        ItemEntry.Holder(pokemon: pokemon, displayName: "Slowbro", form: form, version: version, rarity: rarity)
    }

    @Test(
        "holders",
        arguments: [
            ([holder("slowbro", version: "red", rarity: 5)], "Slowbro\u{A0}(5%)"),
            (
                [
                    holder("slowbro", version: "red", rarity: 50),
                    holder("slowbro-mega", form: "mega", version: "x", rarity: 5),
                    holder("slowbro", version: "blue", rarity: 5),
                ],
                "Slowbro\u{A0}(5%/50%), Slowbro\u{A0}(Mega)\u{A0}(5%)"
            ),
            ([holder("slowbro", version: "red", rarity: nil)], "Slowbro"),
            ([holder("slowbro-mega", form: "mega", version: "x", rarity: nil)], "Slowbro\u{A0}(Mega)"),
        ])
    func holders(holders: [ItemEntry.Holder], expected: String) {
        #expect(ItemText.holders(holders) == expected)
    }
}
