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

    static func learner(
        _ name: String, slug: String? = nil, form: String?, method: String, level: Int
    ) -> MoveEntry.Learner {
        let summary = PokemonSummary(
            id: 1, name: slug ?? name, url: "u", types: [], artwork: Artwork(url: "a", derived: false))
        return MoveEntry.Learner(
            pokemon: ListedPokemon(
                summary: summary, pokedexNumber: nil, form: form, displayName: name, generation: nil, typeNames: []),
            method: method, level: level)
    }

    @Test(
        "learners: by level with the level, a form's name kept whole, then a count per method",
        arguments: [
            (
                [learner("Pikachu", form: nil, method: "level-up", level: 1)],
                "Red/Blue: by level Pikachu\u{A0}Lv\u{A0}1"
            ),
            (
                [
                    learner("Raichu", form: "alola", method: "level-up", level: 5),
                    learner("Raichu", form: nil, method: "level-up", level: 0),
                    learner("Pichu", form: nil, method: "machine", level: 0),
                    learner("Mew", form: nil, method: "machine", level: 0),
                    learner("Pichu", form: nil, method: "egg", level: 0),
                ],
                "Red/Blue: by level Raichu\u{A0}(Alola)\u{A0}Lv\u{A0}5, Raichu\u{A0}on\u{A0}evolution; by machine 2 Pokémon; by egg 1 Pokémon"
                    + " (pokedex\u{A0}list\u{A0}--learns\u{A0}thunderbolt\u{A0}--game\u{A0}red-blue lists them)"
            ),
            ([], "Red/Blue: none"),
            // Pokémon named alike (Minior's meteors in Japanese) say their slugs.
            (
                [
                    learner("Minior", slug: "minior-red-meteor", form: nil, method: "level-up", level: 45),
                    learner("Minior", slug: "minior-blue-meteor", form: nil, method: "level-up", level: 45),
                ],
                "Red/Blue: by level Minior\u{A0}(minior-red-meteor)\u{A0}Lv\u{A0}45, "
                    + "Minior\u{A0}(minior-blue-meteor)\u{A0}Lv\u{A0}45"
            ),
        ])
    func learners(learners: [MoveEntry.Learner], expected: String) {
        #expect(MoveText.learners(learners, group: ("red-blue", "Red/Blue"), move: "thunderbolt") == expected)
    }

    static func machine(_ item: String, _ group: String) -> MoveEntry.Machine {
        MoveEntry.Machine(versionGroup: group.lowercased(), groupName: group, item: item.lowercased(), itemName: item)
    }

    @Test(
        "machines: games in a row by one machine as a range, a range into the first game's expansion by its name",
        arguments: [
            ([machine("TR08", "Sword/Shield")], "TR08 (Sword/Shield)"),
            (
                [machine("TM24", "Red/Blue"), machine("TM24", "Yellow"), machine("TM24", "Gold/Silver")],
                "TM24 (Red/Blue to Gold/Silver)"
            ),
            (
                [
                    machine("TM126", "Scarlet/Violet"), machine("TM126", "Scarlet/Violet: The Teal Mask"),
                    machine("TM126", "Scarlet/Violet: The Indigo Disk"), machine("TM67", "Legends: Z-A"),
                ],
                "TM126 (Scarlet/Violet to The\u{A0}Indigo\u{A0}Disk), TM67 (Legends:\u{A0}Z-A)"
            ),
            ([machine("TM1", "Sun/Moon"), machine("TM1", "Moon: X")], "TM1 (Sun/Moon to Moon:\u{A0}X)"),
            (
                [machine("CT126", "Écarlate/Violet"), machine("CT126", "Écarlate/Violet\u{A0}: Le Disque Indigo")],
                "CT126 (Écarlate/Violet to Le\u{A0}Disque\u{A0}Indigo)"
            ),
        ])
    func machines(machines: [MoveEntry.Machine], expected: String) {
        #expect(MoveText.machines(Self.entry(machines: machines)) == expected)
    }

    /// Thunderbolt's entry teaching it by `machines`, among `games` (else the machines' own).
    static func entry(
        machines: [MoveEntry.Machine], games: [GameGroup]? = nil, itemsTeachingOtherMoves: [String: Set<String>] = [:]
    ) -> MoveEntry {
        MoveEntry(
            name: "thunderbolt", displayName: "Thunderbolt", type: nil, damageClass: nil, damageClassName: nil,
            power: nil, accuracy: nil, pp: nil, priority: nil, target: nil, targetName: nil, effectChance: nil,
            generation: nil, shortEffect: nil, effect: nil, gameText: nil, machines: machines,
            machineGames: games ?? machines.map { GameGroup(versionGroup: $0.versionGroup, groupName: $0.groupName) },
            itemsTeachingOtherMoves: itemsTeachingOtherMoves, versionGroup: nil, groupName: nil, learners: [])
    }

    @Test("a game no learnset of which is stored says so, not that none learns the move")
    func noLearnsetsOfGame() {
        let entry = MoveEntry(
            name: "thunderbolt", displayName: "Thunderbolt", type: nil, damageClass: nil, damageClassName: nil,
            power: nil, accuracy: nil, pp: nil, priority: nil, target: nil, targetName: nil, effectChance: nil,
            generation: nil, shortEffect: nil, effect: nil, gameText: nil, machines: [], versionGroup: "legends-za",
            groupName: "Legends: Z-A", learners: [], groupHasLearnsets: false)
        let text = MoveText.entry(entry, layout: TerminalLayout(width: 80, palette: nil)).text
        #expect(text.contains("Learned by  Legends: Z-A: no learnsets of that game are stored"), "\(text)")
        #expect(
            String(decoding: MoveJSON.entry(entry).compactBytes(), as: UTF8.self).contains(#""learnsets_stored":false"#)
        )
    }

    @Test("machines: a game where the machine taught another move ends its run; a game merely without it, none")
    func machineRuns() {
        func game(_ name: String) -> GameGroup { GameGroup(versionGroup: name.lowercased(), groupName: name) }
        let entry = Self.entry(
            machines: [
                Self.machine("TM24", "RB"), Self.machine("TM24", "Y"), Self.machine("TM24", "RS"),
                Self.machine("TM24", "XY"), Self.machine("TM126", "SV"), Self.machine("TM126", "ID"),
            ],
            games: ["RB", "Y", "GS", "RS", "BDSP", "XY", "SV", "TM", "ID"].map(game),
            itemsTeachingOtherMoves: ["gs": ["tm24"], "tm": ["tm01"]])
        #expect(MoveText.machines(entry) == "TM24 (RB to Y, RS to XY), TM126 (SV to ID)")
    }
}
