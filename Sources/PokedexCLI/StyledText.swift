import TextUtilities

/// Text laid out for a terminal: runs of sanitized text, each drawn with an emphasis or none.
/// Layout measures, cuts and wraps the runs' text alone; the escape sequences that draw an
/// emphasis are added when the text is rendered, from the palette, so none comes from data
/// and none is ever counted as columns.
struct StyledText: Equatable, Sendable, ExpressibleByStringLiteral {
    struct Run: Equatable, Sendable {
        /// Sanitized (`TerminalText.sanitize`): no control character.
        fileprivate(set) var text: String
        let emphasis: Emphasis?
    }

    private(set) var runs: [Run] = []

    init() {}

    /// `text` sanitized, drawn with `emphasis`.
    init(_ text: String, _ emphasis: Emphasis? = nil) {
        append(Run(text: TerminalText.sanitize(text), emphasis: emphasis))
    }

    init(stringLiteral text: String) {
        self.init(text)
    }

    /// The text without its emphasis.
    var plain: String { runs.map(\.text).joined() }

    var columns: Int { runs.reduce(0) { $0 + TerminalColumns.of($1.text) } }

    var isEmpty: Bool { runs.isEmpty }

    static func + (left: StyledText, right: StyledText) -> StyledText {
        var text = left
        text += right
        return text
    }

    static func += (left: inout StyledText, right: StyledText) {
        for run in right.runs { left.append(run) }
    }

    /// A run joins the last one when they look the same, so rendering starts fewer sequences.
    private mutating func append(_ run: Run) {
        guard !run.text.isEmpty else { return }
        if let last = runs.last, last.emphasis == run.emphasis {
            runs[runs.count - 1].text += run.text
        } else {
            runs.append(run)
        }
    }

    /// At most `width` columns: cut where it is wider, with `…` as its last column, in the
    /// emphasis of the run it cuts.
    func truncated(to width: Int) -> StyledText {
        guard let texts = TerminalColumns.truncated(runs: runs.map(\.text), to: width) else { return self }
        var kept = StyledText()
        for (run, text) in zip(runs, texts) { kept.append(Run(text: text, emphasis: run.emphasis)) }
        return kept
    }

    /// Spaces after it up to `width` columns.
    func padded(to width: Int) -> StyledText {
        self + StyledText(String(repeating: " ", count: max(0, width - columns)))
    }

    /// On lines of at most `width` columns, broken as `LineWrapping` breaks the plain text,
    /// each piece keeping its emphasis.
    func wrapped(width: Int) -> [StyledText] {
        let lines = LineWrapping.lines(plain, width: width)
        // Each line is the text's next characters, after the spaces a break drops, behind the
        // indentation wrapping adds.
        let characters = runs.flatMap { run in run.text.map { ($0, run.emphasis) } }
        var next = 0
        var styled: [StyledText] = []
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let body = Array(line.dropFirst(indent))
            while next < characters.count, [" ", "\u{3000}", "\u{A0}"].contains(characters[next].0) { next += 1 }
            guard next + body.count <= characters.count,
                zip(body, characters[next...]).allSatisfy({ $0 == $1.0 })
            else { return lines.map { StyledText($0) } }
            var text = StyledText(String(repeating: " ", count: indent))
            for (character, emphasis) in characters[next..<(next + body.count)] {
                text.append(Run(text: String(character), emphasis: emphasis))
            }
            next += body.count
            styled.append(text)
        }
        return styled
    }

    /// The text as printed (`LineWrapping.printed`), with each emphasis drawn when there is a
    /// palette.
    func rendered(_ palette: Palette?) -> DisplayText {
        runs.map { run in
            let text = DisplayText(sanitizing: LineWrapping.printed(run.text))
            guard let palette, let emphasis = run.emphasis, let start = palette.start(emphasis) else { return text }
            return start + text + Palette.reset
        }.joined()
    }
}

extension Sequence<StyledText> {
    func joined(separator: StyledText) -> StyledText {
        var result = StyledText()
        for (index, element) in enumerated() {
            if index > 0 { result += separator }
            result += element
        }
        return result
    }
}
