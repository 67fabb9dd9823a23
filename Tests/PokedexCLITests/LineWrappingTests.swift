import Testing
import TextUtilities

@testable import PokedexCLI

/// Lines by columns: at spaces, inside a run of Chinese or Japanese too long for a line between
/// its characters, never before closing punctuation; real texts from PokeAPI's flavor texts
/// and names.
@Suite("Line wrapping")
struct LineWrappingTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String
        let width: Int
        let lines: [String]
        var description: String { "\(text) in \(width)" }
    }

    static let cases: [Case] = [
        Case(text: "", width: 10, lines: [""]),
        Case(text: "Mouse Pokémon", width: 20, lines: ["Mouse Pokémon"]),
        Case(text: "one two three four", width: 9, lines: ["one two", "three", "four"]),
        Case(text: "  lead  and   inner ", width: 40, lines: ["  lead  and   inner"]),
        // An indented branch exactly as wide as the line stays whole.
        Case(text: "    → Raichu (Thunder Stone)", width: 28, lines: ["    → Raichu (Thunder Stone)"]),
        Case(
            text: "    → Raichu (Thunder Stone)", width: 27, lines: ["    → Raichu (Thunder", "      Stone)"]),
        // Chinese breaks between characters, not before its commas and stops.
        Case(
            text: "皮卡丘們把尾巴貼在一起交換電流，其實是在互相打招呼。", width: 32,
            lines: ["皮卡丘們把尾巴貼在一起交換電流，", "其實是在互相打招呼。"]),
        Case(
            text: "皮卡丘們把尾巴貼在一起交換電流，其實", width: 28,
            lines: ["皮卡丘們把尾巴貼在一起交換電", "流，其實"]),
        // Japanese: at ideographic spaces (dropped at the break) or between characters.
        Case(
            text: "おたがいの　しっぽを　くっつけて　電気を", width: 22,
            lines: ["おたがいの　しっぽを", "くっつけて　電気を"]),
        Case(text: "ピカチュウ　同士の　挨拶だ。", width: 24, lines: ["ピカチュウ　同士の", "挨拶だ。"]),
        Case(text: "「ピカチュウ」と　なく", width: 4, lines: ["「ピ", "カ", "チュ", "ウ」", "と", "なく"]),
        Case(text: "長音ー", width: 4, lines: ["長", "音ー"]),
        Case(text: "ラーメン", width: 4, lines: ["ラー", "メン"]),
        // Korean keeps its words: it has spaces.
        Case(
            text: "서로의 꼬리를 붙여서 전기를 흐르게 하는 게", width: 20,
            lines: ["서로의 꼬리를 붙여서", "전기를 흐르게 하는", "게"]),
        // Between Latin and CJK, and around the Latin in parentheses.
        Case(
            text: "ピカチュウ (high friendship) → ライチュウ (Thunder Stone)", width: 36,
            lines: ["ピカチュウ (high friendship) →", "ライチュウ (Thunder Stone)"]),
        Case(text: "ひこう, はがね, でんき", width: 10, lines: ["ひこう,", "はがね,", "でんき"]),
        // A word wider than the line is cut by columns; a link stays whole.
        Case(text: "abcdefghij", width: 4, lines: ["abcd", "efgh", "ij"]),
        Case(text: "피카츄피카츄", width: 5, lines: ["피카", "츄피", "카츄"]),
        Case(
            text: "see https://example.com/a/long/path", width: 10, lines: ["see", "https://example.com/a/long/path"]),
        // Words made unbroken move to the next line together.
        Case(
            text: "Growl (1), " + LineWrapping.unbroken("Sweet Kiss", "(1)"), width: 16,
            lines: ["Growl (1),", "Sweet\u{A0}Kiss\u{A0}(1)"]),
        Case(
            text: "by level " + LineWrapping.unbroken("Raichu (Alola)", "Lv", "5"), width: 20,
            lines: ["by level", "Raichu\u{A0}(Alola)\u{A0}Lv\u{A0}5"]),
        // Wider than a line, they break at their no-break spaces rather than inside a word.
        Case(
            text: "by level " + LineWrapping.unbroken("Raichu (Alola)", "Lv", "5"), width: 16,
            lines: ["by level Raichu", "(Alola)\u{A0}Lv\u{A0}5"]),
        // An evolution branch: its indent kept, continuation lines two further in.
        Case(text: "    → Vaporeon (Water Stone)", width: 24, lines: ["    → Vaporeon (Water", "      Stone)"]),
    ]

    @Test("lines as terminal columns allow", arguments: cases)
    func wraps(_ example: Case) {
        let lines = LineWrapping.lines(example.text, width: example.width)
        #expect(lines == example.lines)
        // A single character wider than the line is the only thing that may overflow.
        #expect(lines.allSatisfy { TerminalColumns.of($0) <= max(example.width, 2) || $0.contains("://") })
    }

    @Test("a width below one column wraps a character a line instead of looping", arguments: [0, -1, -30])
    func noWidth(width: Int) {
        let lines = LineWrapping.lines("Route 3 (East) (overworld, Lv 10–14, 15%)", width: width)
        #expect(lines.count >= 30 && lines.allSatisfy { TerminalColumns.of($0) <= 1 }, "\(lines)")
        #expect(LineWrapping.lines("", width: width) == [""])
    }

    @Test("no-break spaces steer the wrapping only: they are printed as spaces")
    func unbrokenPrinted() {
        let lines = StyledText("Varieties: " + LineWrapping.unbroken("Rock Star") + ", Belle").wrapped(width: 16)
        #expect(lines.map(\.plain) == ["Varieties:", "Rock\u{A0}Star, Belle"])
        #expect(TerminalLayout(width: 16, palette: nil).render(lines).text == "Varieties:\nRock Star, Belle")
    }

    @Test(
        "where a line may break with no space",
        arguments: [
            ("電", "気", true), ("を", "電", true), ("ウ", "(", true), ("a", "ピ", true), ("ピ", "a", true),
            ("流", "，", false), ("字", "。", false), ("ウ", "」", false), ("「", "ピ", false), ("ラ", "ー", false),
            ("チ", "ュ", false), ("a", "b", false), ("피", "카", false), ("(", "ピ", false),
        ])
    func breaks(before: Character, after: Character, allowed: Bool) {
        #expect(LineWrapping.breaks(between: before, and: after) == allowed)
    }

    @Test("a sync's line on a terminal: continuation lines indented two, a number kept with its word")
    func hangingLines() {
        let line = "synced 3 berry flavors: 3 new or changed; 6 requests in 0.00 s"
        #expect(
            LineWrapping.hangingLines(line, width: 60) == [
                "synced 3 berry flavors: 3 new or changed; 6 requests in", "  0.00 s",
            ])
        #expect(
            LineWrapping.hangingLines(line, width: 43) == [
                "synced 3 berry flavors: 3 new or changed;", "  6 requests in 0.00 s",
            ])
        #expect(LineWrapping.hangingLines(line, width: 63) == [line])
    }
}
