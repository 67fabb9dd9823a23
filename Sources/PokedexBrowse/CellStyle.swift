/// How a cell is drawn: colours, bold and reverse video. Escape sequences are made from it by
/// `FrameDiff` alone, so no sequence ever comes from the text a cell holds.
public struct CellStyle: Hashable, Sendable {
    public var foreground: RGBColor?
    public var background: RGBColor?
    public var bold = false
    /// Reverse video: the selection, visible without colour (`NO_COLOR`).
    public var inverse = false

    public init(foreground: RGBColor? = nil, background: RGBColor? = nil, bold: Bool = false, inverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.inverse = inverse
    }

    public static let plain = CellStyle()
    public static let heading = CellStyle(bold: true)
    public static let selected = CellStyle(inverse: true)
}
