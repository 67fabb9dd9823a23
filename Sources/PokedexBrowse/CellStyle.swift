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

/// A 24-bit colour, written as 256 colours where the terminal announces no more.
public struct RGBColor: Hashable, Sendable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// How many colours the terminal draws: none (`NO_COLOR`, `--color never`: bold and reverse
/// video only), xterm's 256, or 24-bit (`COLORTERM=truecolor`).
public enum ColorDepth: Sendable, Equatable {
    case none, indexed256, trueColor
}
