import Testing

@testable import PokedexCLI
@testable import PokedexStore

/// `move`'s Type and Target lines: the damage class and target by their stored names, else by
/// their slugs made readable.
@Suite("Move text")
struct MoveTextTests {
    static func entry(damageClassName: String?, targetName: String?) -> MoveEntry {
        MoveEntry(
            name: "thunderbolt", displayName: "Donnerblitz", type: NamedType(name: "electric", displayName: "Elektro"),
            damageClass: "special", damageClassName: damageClassName, power: 90, accuracy: 100, pp: 15, priority: 0,
            target: "selected-pokemon", targetName: targetName, effectChance: nil, generation: nil, shortEffect: nil,
            effect: nil, gameText: nil, machines: [], versionGroup: nil, groupName: nil, learners: [])
    }

    @Test(
        "stored names, else the slugs",
        arguments: [
            ("spezial", "Ausgewähltes Pokémon", "Elektro · spezial", "Ausgewähltes Pokémon"),
            (nil, nil, "Elektro · special", "Selected Pokemon"),
        ])
    func typeAndTarget(damageClassName: String?, targetName: String?, type: String, target: String) {
        let text = MoveText.entry(
            Self.entry(damageClassName: damageClassName, targetName: targetName),
            layout: TerminalLayout(width: 80, palette: nil)
        ).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("Type        \(type)"), "\(text)")
        #expect(lines.contains("Target      \(target)"), "\(text)")
    }
}
