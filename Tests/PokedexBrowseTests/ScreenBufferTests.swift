import PokedexBrowse
import Testing

@Suite("Screen cells")
struct ScreenBufferTests {
    static let widths: [(text: String, cells: [String])] = [
        ("abc", ["a", "b", "c"]),
        // Wide characters take two cells: the character, then a continuation.
        ("ピカ", ["ピ", "", "カ", ""]),
        // A combining mark joins its base in one cell.
        ("e\u{301}x", ["e\u{301}", "x"]),
        ("Flabe\u{301}be\u{301}", ["F", "l", "a", "b", "e\u{301}", "b", "e\u{301}"]),
        // An escape sequence from data is shown, never sent.
        ("a\u{1B}[2Jb", ["a", "^", "[", "[", "2", "J", "b"]),
        // A zero-width joiner alone draws nothing.
        ("a\u{200B}b", ["a", "b"]),
    ]

    @Test("characters to cells", arguments: widths)
    func cells(_ example: (text: String, cells: [String])) {
        var screen = ScreenBuffer(columns: 12, rows: 1)
        let used = screen.put(example.text, row: 0, column: 0)
        #expect(used == example.cells.count)
        #expect((0..<example.cells.count).map { screen[0, $0].text } == example.cells)
    }

    @Test("a wide character that would straddle the limit is left out")
    func wideAtLimit() {
        var screen = ScreenBuffer(columns: 5, rows: 1)
        #expect(screen.put("aピカ", row: 0, column: 0, width: 4) == 3)
        #expect(screen[0, 3].text == " ")
    }

    @Test("overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var screen = ScreenBuffer(columns: 4, rows: 1)
        screen.put("ピカ", row: 0, column: 0)
        screen.put("x", row: 0, column: 1)
        #expect(screen.text(ofRow: 0) == " xカ")
    }

    static let styled = CellStyle(bold: true)

    @Test(
        "a styled line cut to its columns ends in … in the style it cuts",
        arguments: [
            (13, "Normal, Flying", "Normal, Flyi…", true), (14, "Normal, Flying", "Normal, Flying", true),
            (7, "Normal, Flying", "Normal…", false), (8, "Normal, Flying", "Normal,…", false),
            (1, "Normal, Flying", "…", true), (4, "ほのお, ひこう", "ほ…", true),
        ])
    func truncatedLine(columns: Int, text: String, expected: String, endsStyled: Bool) {
        let parts = text.split(separator: ", ").map(String.init)
        let line = StyledLine(parts[0], Self.styled) + StyledLine(", ") + StyledLine(parts[1], Self.styled)
        let cut = line.truncated(to: columns)
        #expect(cut.plain == expected)
        #expect(cut.runs.last?.style == (endsStyled ? Self.styled : .plain), "\(cut.runs)")
    }
}
