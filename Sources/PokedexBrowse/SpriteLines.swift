import TerminalImages

extension StyledLine {
    /// A row of half blocks (`TerminalImage.halfBlocks`) as cells: drawn as text in colours,
    /// the way every terminal and multiplexer shows, and diffed like the rest of the frame.
    public init(halfBlocks: [HalfBlockCell]) {
        self.init(
            halfBlocks.map { cell in
                let (character, drawn, behind) = cell.glyph
                return Run(
                    String(character),
                    CellStyle(foreground: drawn.map(RGBColor.init), background: behind.map(RGBColor.init)))
            })
    }
}

extension RGBColor {
    init(_ pixel: HalfBlockCell.Pixel) {
        self.init(red: pixel.red, green: pixel.green, blue: pixel.blue)
    }
}
