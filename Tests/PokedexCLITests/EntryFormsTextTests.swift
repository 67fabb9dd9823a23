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
}
