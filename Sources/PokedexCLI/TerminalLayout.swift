/// What human-readable output is laid out for: how many columns its lines may take, and the
/// palette that draws emphasis (none: plain text).
struct TerminalLayout: Sendable {
    var width: Int
    var palette: Palette?

    /// The width of output for a reader that is no terminal and sets no `COLUMNS`.
    static let defaultWidth = 80

    init(width: Int, palette: Palette?) {
        self.width = width
        self.palette = palette
    }

    /// For standard output, `width` columns wide (`TerminalSize`), coloured as `color` and the
    /// environment say.
    init(width: Int, color: ColorChoice, outputIsTerminal: Bool, environment: [String: String]) {
        self.width = width
        palette =
            color.colors(isTerminal: outputIsTerminal, environment: environment)
            ? Palette(environment: environment) : nil
    }

    /// Lines rendered, one after the other.
    func render(_ lines: [StyledText]) -> DisplayText {
        lines.map { $0.rendered(palette) }.joined(separator: "\n")
    }
}
