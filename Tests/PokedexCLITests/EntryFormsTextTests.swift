import Testing

@testable import PokedexCLI
@testable import PokedexStore

/// `show`'s Forms line: every form by name, up to a dozen; past that the count of the rest and
/// where they are listed (Alcremie has 63).
@Suite("Entry forms text")
struct EntryFormsTextTests {
    static func forms(_ count: Int) -> [PokedexEntry.Form] {
        (1...count).map { PokedexEntry.Form(name: "unown-\($0)", displayName: "U\($0)") }
    }

    @Test(
        "forms",
        arguments: [
            (forms(2), "U1, U2"),
            (forms(12), (1...12).map { "U\($0)" }.joined(separator: ", ")),
            (forms(13), (1...12).map { "U\($0)" }.joined(separator: ", ") + ", and 1 more (--json lists them)"),
        ])
    func summary(forms: [PokedexEntry.Form], expected: String) {
        #expect(EntryText.forms(forms) == expected)
    }

    @Test(
        "a listed form: its full name in the language, else the species with its form's name, else its slug's",
        arguments: [
            ("mega-x", "Mega-Form", "Mega-Glurak X", "Mega-Glurak X"),
            ("mega-x", "Mega-Form", nil, "Glurak (Mega-Form)"),
            ("mega-x", nil, nil, "Glurak (Mega X)"), (nil, nil, nil, "Glurak"),
            ("gmax", "Gigadynamax", "glurak", "Glurak (Gigadynamax)"),
        ] as [(String?, String?, String?, String)])
    func listedName(form: String?, label: String?, full: String?, expected: String) {
        let summary = PokemonSummary(
            id: 10034, name: "charizard", url: "u", types: [], artwork: Artwork(url: "a", derived: false))
        var listed = ListedPokemon(
            summary: summary, pokedexNumber: 6, form: form, displayName: "Glurak", generation: 1, typeNames: [])
        listed.formLabel = label
        listed.formName = full
        #expect(EntryText.name(listed) == expected)
    }
}
