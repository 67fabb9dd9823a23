import PokedexStore
import Testing
import TextUtilities

@testable import PokedexCLI

/// The evolution line within a width: where arrows wrap, and that no line is wider.
@Suite("Evolution line layout")
struct EvolutionLayoutTests {
    @Test(
        "within a width, siblings stay under the first one's arrow where all fit there, else each starts a line",
        arguments: [
            (
                30,
                [
                    "Pichu (baby)", "  → Pikachu (high friendship)", "    → Raichu (Thunder Stone)",
                    "    → Alolan Raichu (Thunder", "      Stone, in Alola)",
                ]
            ),
            (
                60,
                [
                    "Pichu (baby) → Pikachu (high friendship)", "               → Raichu (Thunder Stone)",
                    "               → Alolan Raichu (Thunder Stone, in Alola)",
                ]
            ),
            (
                81,
                [
                    "Pichu (baby) → Pikachu (high friendship)", "               → Raichu (Thunder Stone)",
                    "               → Alolan Raichu (Thunder Stone, in Alola)",
                ]
            ),
            (
                82,
                [
                    "Pichu (baby) → Pikachu (high friendship) → Raichu (Thunder Stone)",
                    String(repeating: " ", count: 41) + "→ Alolan Raichu (Thunder Stone, in Alola)",
                ]
            ),
        ])
    func narrowBranch(width: Int, expected: [String]) {
        let lines = EvolutionText.lines(EvolutionTextTests.pichuChain, width: width)
        #expect(lines == expected)
        #expect(lines.allSatisfy { TerminalColumns.of($0) <= width })
    }

    @Test(
        "a wrapped arrow starts right of the Pokémon it evolves from, never under an earlier one's parent",
        arguments: [
            (
                48,
                [
                    "Wurmple → Silcoon (level 7)", "          → Beautifly (level 10)",
                    "        → Cascoon (level 7) → Dustox (level 10)",
                ]
            ),
            (
                26,
                [
                    "Wurmple", "  → Silcoon (level 7)", "    → Beautifly (level 10)", "  → Cascoon (level 7)",
                    "    → Dustox (level 10)",
                ]
            ),
        ])
    func wrappedBranches(width: Int, expected: [String]) {
        let chain = EvolutionChain(
            id: 135,
            members: [
                EvolutionTextTests.member(0, "Wurmple", from: nil),
                EvolutionTextTests.member(1, "Silcoon", from: "Wurmple", [EvolutionTextTests.level(7)]),
                EvolutionTextTests.member(2, "Beautifly", from: "Silcoon", [EvolutionTextTests.level(10)]),
                EvolutionTextTests.member(3, "Cascoon", from: "Wurmple", [EvolutionTextTests.level(7)]),
                EvolutionTextTests.member(4, "Dustox", from: "Cascoon", [EvolutionTextTests.level(10)]),
            ])
        #expect(EvolutionText.lines(chain, width: width) == expected)
    }

    @Test("a parent near the right edge: its wrapped arrow starts where a line has room, within the width")
    func parentNearTheEdge() {
        let chain = EvolutionChain(
            id: 1,
            members: [
                EvolutionTextTests.member(0, "Abcdefghijklmnopqrs", from: nil),
                EvolutionTextTests.member(1, "Xy", from: "Abcdefghijklmnopqrs"),
                EvolutionTextTests.member(2, "Zzzzzz", from: "Xy", [EvolutionTextTests.item("thunder-stone")]),
            ])
        let lines = EvolutionText.lines(chain, width: 30)
        #expect(lines.first == "Abcdefghijklmnopqrs → Xy")
        #expect(lines.dropFirst().first == String(repeating: " ", count: 18) + "→ Zzzzzz", "\(lines)")
        #expect(lines.allSatisfy { TerminalColumns.of($0) <= 30 }, "\(lines)")
    }
    @Test("control characters in a stored name are laid out as drawn (^[, two columns): no word lost")
    func controlCharactersCounted() {
        let words = "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj"
        let hostile = String(repeating: "\u{1B}", count: 6) + " " + words
        let chain = EvolutionChain(
            id: 1,
            members: [
                EvolutionTextTests.member(0, hostile, from: nil),
                EvolutionTextTests.member(1, "Charmeleon", from: hostile),
            ])
        let lines = EvolutionText.lines(chain, width: 40)
        #expect(lines.allSatisfy { TerminalColumns.of($0) <= 40 && !$0.contains("\u{1B}") }, "\(lines)")
        let text = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.hasPrefix("^[^[^[^[^[^[ " + words + " → Charmeleon"), "\(lines)")
    }
}
