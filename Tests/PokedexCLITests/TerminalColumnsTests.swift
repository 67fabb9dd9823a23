import Testing
import TextUtilities

@testable import PokedexCLI

/// Columns as terminals (wcwidth) draw them: two for East Asian Wide and Fullwidth, none for
/// combining marks and zero-width characters.
@Suite("Terminal columns")
struct TerminalColumnsTests {
    @Test(
        "columns of text in many scripts",
        arguments: [
            ("", 0), ("Pikachu", 7), ("Pokémon", 7), ("Poke\u{301}mon", 7),  // é composed or combining
            ("ピカチュウ", 10), ("ﾋﾟｶﾁｭｳ", 6),  // fullwidth katakana and halfwidth katakana
            ("ぴかちゅう", 10), ("皮卡丘", 6), ("피카츄", 6), ("ＰＩＫＡ", 8), ("１４００公尺", 12),
            ("\u{1100}\u{1161}\u{11A8}", 2),  // a Hangul syllable written in conjoining jamo
            ("　", 2), ("。、」", 6), ("·", 1), ("→", 1), ("½×", 2), ("′″", 2),
            ("a\u{200B}b", 2), ("a\u{200D}b", 2), ("\u{FEFF}", 0),  // zero-width space, joiner, BOM
            ("Ελληνικά", 8), ("Русский", 7), ("עברית", 5),
            ("⚡", 2), ("🔥", 2), ("😀", 2), ("𠀋", 2),  // emoji; a Han character outside the BMP
            ("ガ", 2), ("カ\u{3099}", 2),  // voiced mark precomposed or combining
        ])
    func columns(text: String, expected: Int) {
        #expect(TerminalColumns.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("the table pads by columns, so Japanese names line up")
    func table() {
        let table = TextTable(
            header: ["ID", "NAME", "TYPES"], rows: [["1", "フシギダネ", "くさ"], ["4", "Charmander", "fire"]])
        let lines = table.lines(width: 80).map(\.plain)
        #expect(lines == ["ID  NAME        TYPES", "1   フシギダネ  くさ", "4   Charmander  fire"])
    }

    @Test(
        "the longest start within some columns; truncated ends in …",
        arguments: [
            ("Pikachu", 3, "Pik", "Pi…"), ("ピカチュウ", 5, "ピカ", "ピカ…"), ("ピカ", 1, "", "…"),
            ("Mew", 3, "Mew", "Mew"), ("Mew", 0, "", "…"),
        ])
    func prefix(text: String, columns: Int, prefix: String, truncated: String) {
        #expect(TerminalColumns.prefix(of: text[...], fitting: columns) == prefix)
        #expect(TerminalColumns.truncated(text, to: columns) == truncated)
    }

    @Test(
        "runs cut to some columns: those that fit whole, then the cut one's start and …; nil when all fit",
        arguments: [
            (["Normal", ", ", "Flying"], 14, nil as [String]?),
            (["Normal", ", ", "Flying"], 13, ["Normal", ", ", "Flyi…"]),
            (["Normal", ", ", "Flying"], 8, ["Normal", ",…"]), (["Normal", ", ", "Flying"], 7, ["Normal", "…"]),
            (["ほのお", "ひこう"], 7, ["ほのお", "…"]), (["ほのお"], 2, ["…"]), (["ab"], 0, []), ([], 0, nil),
        ])
    func truncatedRuns(texts: [String], columns: Int, expected: [String]?) {
        #expect(TerminalColumns.truncated(runs: texts, to: columns) == expected)
    }
}
