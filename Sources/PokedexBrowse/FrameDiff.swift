import TerminalImages

/// The output that turns the frame on the terminal into the next one: the cells that changed,
/// each run of them after one cursor move, styles switched only where they change. One string,
/// written at once, so a frame never shows half drawn.
public enum FrameDiff {
    /// Unchanged cells shorter than a cursor move (`ESC [ r ; c H`, six bytes or more) that
    /// lie between changed ones are rewritten instead.
    static let gapRewritten = 4

    /// From `previous` (nil, or another size: the screen is cleared and drawn whole).
    public static func output(from previous: ScreenBuffer?, to next: ScreenBuffer, depth: ColorDepth) -> String {
        var output = ""
        let whole = drawsWhole(from: previous, to: next)
        if whole { output += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        var style: CellStyle? = whole ? .plain : nil
        for row in 0..<next.rows {
            /// Whether a changed cell follows within a few cells: writing the unchanged ones
            /// between costs less than moving the cursor past them.
            func changes(near column: Int) -> Bool {
                guard let previous else { return true }
                let end = min(next.columns, column + Self.gapRewritten)
                return (column..<end).contains { previous[row, $0] != next[row, $0] }
            }
            var column = 0
            // Where the cursor is after what was written on this row; nil: unknown.
            var cursor: Int?
            while column < next.columns {
                let cell = next[row, column]
                let unchanged = !whole && previous![row, column] == cell
                if cell.isContinuation || (unchanged && !(cursor == column && changes(near: column))) {
                    column += 1
                    continue
                }
                if cursor != column { output += "\u{1B}[\(row + 1);\(column + 1)H" }
                if style != cell.style {
                    output += sequence(cell.style, depth: depth)
                    style = cell.style
                }
                output += cell.text
                let width = column + 1 < next.columns && next[row, column + 1].isContinuation ? 2 : 1
                column += width
                cursor = column < next.columns ? column : nil
            }
        }
        if style != .plain && style != nil { output += "\u{1B}[0m" }
        return output
    }

    /// Whether `next` is drawn on a cleared screen: there is no `previous`, or it has another size.
    static func drawsWhole(from previous: ScreenBuffer?, to next: ScreenBuffer) -> Bool {
        guard let previous else { return true }
        return previous.columns != next.columns || previous.rows != next.rows
    }

    /// The SGR sequence that draws `style` from a reset.
    static func sequence(_ style: CellStyle, depth: ColorDepth) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.inverse { codes.append("7") }
        if let color = style.foreground, let code = color.code(depth: depth) { codes.append("3" + code) }
        if let color = style.background, let code = color.code(depth: depth) { codes.append("4" + code) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

extension RGBColor {
    /// What follows 3 (foreground) or 4 (background) in SGR; nil without colour.
    fileprivate func code(depth: ColorDepth) -> String? {
        switch depth {
        case .none: return nil
        case .trueColor: return "8;2;\(red);\(green);\(blue)"
        case .indexed256: return "8;5;\(XtermPalette.nearest(red: red, green: green, blue: blue))"
        }
    }
}
