import TextUtilities

/// A line of a pane as the data source lays it out: runs of text, each in a style. The text is
/// sanitized when it is put on the screen (`ScreenBuffer.put`).
public struct StyledLine: Equatable, Sendable, ExpressibleByStringLiteral {
    public struct Run: Equatable, Sendable {
        public var text: String
        public var style: CellStyle

        public init(_ text: String, _ style: CellStyle = .plain) {
            self.text = text
            self.style = style
        }
    }

    public var runs: [Run]

    public init(_ runs: [Run] = []) {
        self.runs = runs
    }

    public init(_ text: String, _ style: CellStyle = .plain) {
        runs = [Run(text, style)]
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The text without its styles.
    public var plain: String { runs.map(\.text).joined() }

    public static func + (left: StyledLine, right: StyledLine) -> StyledLine {
        StyledLine(left.runs + right.runs)
    }

    /// In at most `columns` columns, ending in `…` in the style of the run it cuts, where cut.
    public func truncated(to columns: Int) -> StyledLine {
        guard let texts = TerminalColumns.truncated(runs: runs.map(\.text), to: columns) else { return self }
        return StyledLine(zip(runs, texts).map { run, text in Run(text, run.style) })
    }
}

extension ScreenBuffer {
    /// Draws `line` from `column` in at most `width` cells, each run in its style, `base`
    /// merged under it (a selected row stays reversed), and the rest of the width filled.
    public mutating func put(_ line: StyledLine, row: Int, column: Int, width: Int, base: CellStyle = .plain) {
        var used = 0
        for run in line.runs where used < width {
            var style = run.style
            style.inverse = style.inverse || base.inverse
            style.bold = style.bold || base.bold
            used += put(run.text, row: row, column: column + used, width: width - used, style: style)
        }
        fill(row: row, column: column + used, width: width - used, style: base)
    }
}
