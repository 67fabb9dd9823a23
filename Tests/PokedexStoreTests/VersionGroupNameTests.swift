import Testing

@testable import PokedexStore

/// A version group's name from its versions' names.
@Suite("Version group names")
struct VersionGroupNameTests {
    @Test(
        "names joined by a slash; an expansion's shared part said once",
        arguments: [
            (["Scarlet", "Violet"], "Scarlet/Violet"),
            (["Legends: Arceus"], "Legends: Arceus"),
            (["Sword: The Isle of Armor", "Shield: The Isle of Armor"], "Sword/Shield: The Isle of Armor"),
            (
                ["Épée: L’île solitaire de l’Armure", "Bouclier: L’île solitaire de l’Armure"],
                "Épée/Bouclier: L’île solitaire de l’Armure"
            ),
            (
                ["Sword: The Isle of Armor", "Shield: The Crown Tundra"],
                "Sword: The Isle of Armor/Shield: The Crown Tundra"
            ),
            (["Sword: The Isle of Armor", "Shield"], "Sword: The Isle of Armor/Shield"),
            (["Épée : L’île de l’Armure", "Bouclier : L’île de l’Armure"], "Épée/Bouclier : L’île de l’Armure"),
            (["Épée\u{A0}: Armure", "Bouclier\u{A0}: Armure"], "Épée/Bouclier\u{A0}: Armure"),
            ([": Armor", ": Armor"], ": Armor/: Armor"),
            (["  : Armor", "Shield: Armor"], "  : Armor/Shield: Armor"),
            (["Sword: ", "Shield: "], "Sword: /Shield: "),
            (["Let’s Go, Pikachu!", "Let’s Go, Eevee!"], "Let’s Go, Pikachu!/Let’s Go, Eevee!"),
            ([], ""),
        ])
    func joined(names: [String], expected: String) {
        #expect(VersionGroupName.joined(names) == expected)
    }
}
