import Testing

@testable import PokedexCLI
@testable import PokedexStore
@testable import TextUtilities

@Suite("Slugs as people read them")
struct SlugTextTests {
    @Test(
        "words title-cased, of/the/and lower-case inside, digits split, a vowelless word upper-cased or as a table writes it",
        arguments: [
            ("special-attack", "Special Attack"), ("hp", "HP"), ("speed", "Speed"), ("water1", "Water 1"),
            ("mt-coronet", "Mt Coronet"), ("pp-up", "PP Up"),
            ("water3", "Water 3"), ("humanshape", "Humanshape"), ("no-eggs", "No Eggs"), ("plant", "Plant"),
            ("kings-rock", "Kings Rock"), ("lets-go-eevee", "Lets Go Eevee"),
            ("tower-of-darkness", "Tower of Darkness"),
            ("the-tower", "The Tower"), ("sword-and-shield", "Sword and Shield"), ("legends-arceus", "Legends Arceus"),
            ("mega-x", "Mega X"), ("10", "10"), ("zygarde-10-power-construct", "Zygarde 10 Power Construct"),
            ("alola", "Alola"), ("gmax", "Gigantamax"),
            ("urshifu-rapid-strike-gmax", "Urshifu Rapid Strike Gigantamax"), ("", ""), ("a--b", "A B"), ("x", "X"),
            ("2x", "2 X"),
            ("phd", "Ph.D."), ("pikachu-phd", "Pikachu Ph.D."), ("mime-jr", "Mime Jr"),
        ])
    func readable(slug: String, text: String) {
        #expect(SlugText.readable(slug) == text)
    }

    @Test(
        "a count says its noun in the singular for one only",
        arguments: [
            (0, "page", nil, "0 pages"), (1, "page", nil, "1 page"), (2, "page", nil, "2 pages"),
            (1, "entry", "entries", "1 entry"), (21, "entry", "entries", "21 entries"),
            (1, "species", "species", "1 species"),
        ] as [(Int, String, String?, String)])
    func counted(count: Int, singular: String, plural: String?, text: String) {
        #expect(Quantities.counted(count, singular, plural: plural) == text)
    }
}
