import PokedexBrowse
import Testing

@Suite("Frame diff")
struct FrameDiffTests {
    func frame(_ rows: [String], columns: Int = 20) -> ScreenBuffer {
        var screen = ScreenBuffer(columns: columns, rows: rows.count)
        for (index, text) in rows.enumerated() { screen.put(text, row: index, column: 0) }
        return screen
    }

    @Test("the first frame clears the screen and draws every cell")
    func firstFrame() {
        let output = FrameDiff.output(from: nil, to: frame(["ab", "cd"], columns: 2), depth: .trueColor)
        #expect(output == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Hab\u{1B}[2;1Hcd")
    }

    @Test("the same frame again writes nothing")
    func unchanged() {
        let screen = frame(["#0025 Pikachu", "#0026 Raichu"])
        #expect(FrameDiff.output(from: screen, to: screen, depth: .trueColor).isEmpty)
    }

    @Test("a key that changes one row writes that row's changed cells only")
    func oneRow() {
        let before = frame(["#0025 Pikachu", "#0026 Raichu", "#0027 Sandshrew"])
        var after = before
        after.put("#0026 Raichu", row: 1, column: 0, style: .selected)
        let output = FrameDiff.output(from: before, to: after, depth: .trueColor)
        #expect(output == "\u{1B}[2;1H\u{1B}[0;7m#0026 Raichu\u{1B}[0m")
    }

    @Test("a short unchanged gap is written over rather than jumped")
    func shortGap() {
        let before = frame(["abcdefgh"])
        let after = frame(["xbcyefgh"])
        #expect(FrameDiff.output(from: before, to: after, depth: .none) == "\u{1B}[1;1H\u{1B}[0mxbcy")
        let far = frame(["abcdefgz"])
        #expect(
            FrameDiff.output(from: frame(["abcdefgh"]), to: far, depth: .none) == "\u{1B}[1;8H\u{1B}[0mz")
    }

    @Test("colours follow the depth: 24-bit, 256 or none")
    func depths() {
        var screen = ScreenBuffer(columns: 1, rows: 1)
        screen.put("x", row: 0, column: 0, style: CellStyle(foreground: RGBColor(red: 238, green: 129, blue: 48)))
        let blank = ScreenBuffer(columns: 1, rows: 1)
        #expect(FrameDiff.output(from: blank, to: screen, depth: .trueColor).contains("\u{1B}[0;38;2;238;129;48mx"))
        #expect(FrameDiff.output(from: blank, to: screen, depth: .indexed256).contains("\u{1B}[0;38;5;209mx"))
        #expect(FrameDiff.output(from: blank, to: screen, depth: .none) == "\u{1B}[1;1H\u{1B}[0mx\u{1B}[0m")
    }

    @Test("a wide character is written once, its continuation skipped")
    func wide() {
        let output = FrameDiff.output(from: frame(["abcd"], columns: 4), to: frame(["ピカ"], columns: 4), depth: .none)
        #expect(output == "\u{1B}[1;1H\u{1B}[0mピカ")
    }
}
