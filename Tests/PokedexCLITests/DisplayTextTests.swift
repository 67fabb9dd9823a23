import Testing

@testable import PokedexCLI
@testable import PokedexStore
@testable import TextUtilities

@Suite("Display text")
struct DisplayTextTests {
    static let hostile = [
        "\u{1B}]52;c;aGFja2Vk\u{07}", "\u{1B}[2J", "\u{07}", "\u{0}", "\u{9B}31m", "\u{85}", "\u{202E}txt",
        "\u{2066}iso\u{2069}",
    ]

    @Test("interpolated values are sanitized; literals and DisplayText are kept", arguments: hostile)
    func interpolation(value: String) {
        let text: DisplayText = "\u{1B}[1mliteral\u{1B}[0m \(value) \(DisplayText(sanitizing: value))"
        #expect(text.text.hasPrefix("\u{1B}[1mliteral\u{1B}[0m "))
        let tail = text.text.dropFirst("\u{1B}[1mliteral\u{1B}[0m ".count)
        #expect(!tail.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!tail.unicodeScalars.contains { $0.properties.isBidiControl })
    }

    @Test(
        "the sanitizer shows C0, DEL, C1 and bidi controls",
        arguments: [
            ("\u{0}", "^@"), ("\u{7F}", "^?"), ("\u{85}", "\\u{85}"), ("\u{202E}", "\\u{202e}"),
            ("\u{2069}", "\\u{2069}"),
            ("a\tb", "a^Ib"), ("עברית", "עברית"),
        ])
    func sanitize(input: String, shown: String) {
        #expect(TerminalText.sanitize(input) == shown)
    }

    @Test("the bidirectional controls escaped are exactly Unicode's Bidi_Control scalars")
    func bidirectionalControls() {
        let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init)
        let named = scalars.filter(BidirectionalControl.contains)
        #expect(named == scalars.filter(\.properties.isBidiControl) && named.count == 12)
    }

    @Test(
        "escapes amid long runs of plain text: the runs kept whole, in order",
        arguments: [
            ("plain ü é 日本", "plain ü é 日本"), ("a\u{1B}[2Jb", "a^[[2Jb"),
            ("\u{202E}rtl\u{202C}", "\\u{202e}rtl\\u{202c}"),
            ("x\r\ny\u{7}", "x^M^Jy^G"), ("👩‍💻\u{9B}end", "👩‍💻\\u{9b}end"), ("\u{1B}", "^["),
        ] as [(String, String)])
    func sanitizedRuns(text: String, expected: String) {
        #expect(TerminalText.sanitize(text) == expected)
        let long = String(repeating: "ü", count: 40_000)
        #expect(TerminalText.sanitize(long + text + long) == long + expected + long)
    }

    @Test("bodies keep line breaks and tabs, and nothing else")
    func bodies() {
        #expect(DisplayText(sanitizing: "a\r\n\tb\u{1B}[2J", keepingLineBreaks: true).text == "a\n\tb^[[2J")
    }

    @Test("JSON escapes C1 controls too, and stays what it was")
    func json() {
        #expect(DisplayText(json: .string("\u{9B}31m\u{85}")).text == #""\u009b31m\u0085""#)
        #expect(DisplayText(json: .string("© °")).text == #""© °""#)
    }

    @Test("standard error is redacted, standard output (the data asked for) is not")
    func redaction() {
        let lines = Lines()
        let console = Console(
            writeOutput: { lines.append("out: " + $0) }, writeError: { lines.append("err: " + $0) },
            outputIsTerminal: false
        ).redacting(SecretRedactor(tokens: ["s3cret-token"], urls: []))
        console.printError("Error: \("Bearer s3cret-token")")
        console.print("\("title s3cret-token")")
        #expect(lines.text == ["err: Error: Bearer [redacted]\n", "out: title s3cret-token\n"])
    }

    @Test(
        "usage errors and did-you-mean echo hostile arguments sanitized",
        arguments: [
            ["--bogus\u{1B}[2J"], ["list", "--lmit\u{1B}]52;c;x\u{07}"], ["\u{9B}2J"], ["show", "--json\u{202E}"],
        ])
    func usageErrors(arguments: [String]) {
        let lines = Lines()
        let console = Console(
            writeOutput: { lines.append($0) }, writeError: { lines.append($0) }, outputIsTerminal: false)
        let status = PokedexCLI.run(arguments: arguments, environment: [:], console: console) { _, _ in }
        #expect(status == 64)
        let text = lines.text.joined()
        #expect(text.hasPrefix("Error: "))
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(!text.unicodeScalars.contains { $0.properties.isBidiControl })
    }
}

/// What a console wrote, from the calling thread only.
private final class Lines: @unchecked Sendable {
    private(set) var text: [String] = []
    func append(_ line: String) { text.append(line) }
}
