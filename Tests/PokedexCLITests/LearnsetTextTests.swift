import PokedexStore
import Testing

@testable import PokedexCLI

/// `show`'s moves line: level-up moves with their levels, the other methods counted, or with
/// `--moves all` named, in the display language where the names are stored.
@Suite("Learnset text")
struct LearnsetTextTests {
    static let learnset = Learnset(
        versionGroup: "red-blue",
        moves: [
            LearnedMove(move: "thunder-shock", versionGroup: "red-blue", method: "level-up", level: 1, order: nil),
            LearnedMove(move: "thunder", versionGroup: "red-blue", method: "level-up", level: 43, order: nil),
            LearnedMove(move: "mega-punch", versionGroup: "red-blue", method: "machine", level: 0, order: nil),
            LearnedMove(move: "pay-day", versionGroup: "red-blue", method: "machine", level: 0, order: nil),
            LearnedMove(move: "volt-tackle", versionGroup: "red-blue", method: "egg", level: 0, order: nil),
        ],
        groupName: "Rot/Blau", moveNames: ["thunder-shock": "Donnerschock", "mega-punch": "Megahieb"])

    @Test(
        "counted by default, named with --moves all",
        arguments: [
            (
                false,
                "Rot/Blau: Donnerschock\u{A0}(1), Thunder\u{A0}(43); 2\u{A0}by\u{A0}machine, 1\u{A0}by\u{A0}egg (--moves\u{A0}all names them)"
            ),
            (
                true,
                "Rot/Blau: Donnerschock\u{A0}(1), Thunder\u{A0}(43); by machine: Megahieb, Pay\u{A0}Day; by egg: Volt\u{A0}Tackle"
            ),
        ])
    func summary(everyMove: Bool, expected: String) {
        #expect(LearnsetText.summary(Self.learnset, everyMove: everyMove) == expected)
    }

    @Test("no level-up move is 'none by level'; no move at all is said so")
    func noMoves() {
        let machineOnly = Learnset(
            versionGroup: "red-blue", moves: Array(Self.learnset.moves[2...3]), groupName: "Red/Blue", moveNames: [:])
        #expect(LearnsetText.summary(machineOnly).hasPrefix("Red/Blue: none by level; 2\u{A0}by\u{A0}machine"))
        let none = Learnset(versionGroup: "red-blue", moves: [], groupName: "Red/Blue", moveNames: [:])
        #expect(LearnsetText.summary(none) == "Red/Blue: no moves in this game")
        var noneInPokeAPI = none
        noneInPokeAPI.groupHasMoves = false
        #expect(LearnsetText.summary(noneInPokeAPI) == "Red/Blue: PokeAPI lists no moves in these games")
    }

    @Test(
        "a way every game has in the line's words, the others by their stored names, else capitalised",
        arguments: [
            ("machine", "by machine"), ("tutor", "by tutor"), ("egg", "by egg"),
            ("stadium-surfing-pikachu", "by Stadium: Surfing Pikachu"), ("zygarde-cube", "by Zygarde Cube"),
        ])
    func method(slug: String, expected: String) {
        let names = ["stadium-surfing-pikachu": "Stadium: Surfing Pikachu", "machine": "Maschine"]
        #expect("by " + LearnMethodText.phrase(slug, names: names) == expected)
    }

    @Test("with --moves all, each method's moves in the order of the names shown, not of the slugs")
    func namedOrder() {
        let machines = ["body-slam": "のしかかり", "agility": "こうそくいどう", "brick-break": "かわらわり"]
        let learnset = Learnset(
            versionGroup: "scarlet-violet",
            moves: machines.keys.sorted().map {
                LearnedMove(move: $0, versionGroup: "scarlet-violet", method: "machine", level: 0, order: nil)
            }, groupName: "スカーレット/バイオレット", moveNames: machines)
        #expect(
            LearnsetText.summary(learnset, everyMove: true)
                == "スカーレット/バイオレット: none by level; by machine: かわらわり, こうそくいどう, のしかかり")
    }
}
