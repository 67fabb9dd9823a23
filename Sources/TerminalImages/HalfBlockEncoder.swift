import PNGDecoding

/// Draws an image with Unicode half blocks: each character cell shows two pixels, the upper one
/// in the foreground colour of `▀` and the lower one in its background colour.
///
/// Transparent pixels (alpha < 128: a terminal cannot blend) show the terminal's own background:
/// a cell whose upper pixel is transparent is drawn as `▄` in the lower pixel's colour, a cell
/// with neither pixel as a plain space with the default background. Colours are set only when
/// they change; every line ends with a reset (`ESC[0m`) and a newline, and blank cells at the end
/// of a line are left out. An odd last row has a transparent lower half.
public enum HalfBlockEncoder {
    public enum Palette: Sendable {
        /// `38;2;r;g;b` / `48;2;r;g;b`.
        case truecolor
        /// `38;5;n` / `48;5;n`, n the nearest `XtermPalette` entry.
        case xterm256
    }

    /// Alpha from which a pixel is drawn.
    public static let opaqueAlpha: UInt8 = 128

    public static func encode(_ image: RGBAImage, palette: Palette) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(image.width * (image.height + 1) / 2 * 24)
        var y = 0
        while y < image.height {
            var cells = (0..<image.width).map { x in
                Cell(
                    upper: paint(image, x, y, palette),
                    lower: y + 1 < image.height ? paint(image, x, y + 1, palette) : nil)
            }
            while cells.last?.isBlank == true { cells.removeLast() }
            var state = Cell(upper: nil, lower: nil)  // foreground, background: the defaults
            for cell in cells { write(cell, after: &state, to: &out) }
            out += Array("\u{1B}[0m\n".utf8)
            y += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One colour as an SGR parameter list's tail: `2;r;g;b` or `5;n`.
    private enum Paint: Equatable {
        case rgb(UInt8, UInt8, UInt8)
        case indexed(UInt8)

        func write(layer: UInt8, to out: inout [UInt8]) {
            out += [layer, UInt8(ascii: "8"), UInt8(ascii: ";")]
            switch self {
            case .rgb(let red, let green, let blue):
                out.append(UInt8(ascii: "2"))
                for channel in [red, green, blue] {
                    out.append(UInt8(ascii: ";"))
                    appendDecimal(channel, to: &out)
                }
            case .indexed(let index):
                out += [UInt8(ascii: "5"), UInt8(ascii: ";")]
                appendDecimal(index, to: &out)
            }
        }
    }

    /// A cell's pixels; nil is transparent. As encoder state: the foreground and background set.
    private struct Cell {
        var upper: Paint?
        var lower: Paint?
        var isBlank: Bool { upper == nil && lower == nil }
    }

    private static func paint(_ image: RGBAImage, _ x: Int, _ y: Int, _ palette: Palette) -> Paint? {
        let base = image.offset(x: x, y: y)
        guard image.pixels[base + 3] >= opaqueAlpha else { return nil }
        let (red, green, blue) = (image.pixels[base], image.pixels[base + 1], image.pixels[base + 2])
        switch palette {
        case .truecolor: return .rgb(red, green, blue)
        case .xterm256: return .indexed(XtermPalette.nearest(red: red, green: green, blue: blue))
        }
    }

    private static let upperHalf = Array("▀".utf8)
    private static let lowerHalf = Array("▄".utf8)

    /// `state.upper` is the foreground now set, `state.lower` the background (nil: default).
    private static func write(_ cell: Cell, after state: inout Cell, to out: inout [UInt8]) {
        let glyph: [UInt8]
        let foreground: Paint?
        let background: Paint?
        switch (cell.upper, cell.lower) {
        case (let upper?, let lower):
            (glyph, foreground, background) = (upperHalf, upper, lower)
        case (nil, let lower?):
            (glyph, foreground, background) = (lowerHalf, lower, nil)
        case (nil, nil):
            (glyph, foreground, background) = ([UInt8(ascii: " ")], state.upper, nil)
        }
        var parameters: [[UInt8]] = []
        if let foreground, foreground != state.upper {
            var parameter: [UInt8] = []
            foreground.write(layer: UInt8(ascii: "3"), to: &parameter)
            parameters.append(parameter)
        }
        if background != state.lower {
            var parameter: [UInt8] = []
            if let background {
                background.write(layer: UInt8(ascii: "4"), to: &parameter)
            } else {
                parameter = Array("49".utf8)
            }
            parameters.append(parameter)
        }
        if !parameters.isEmpty {
            out += [0x1B, UInt8(ascii: "[")]
            out += parameters.joined(separator: [UInt8(ascii: ";")])
            out.append(UInt8(ascii: "m"))
        }
        state = Cell(upper: foreground, lower: background)
        out += glyph
    }
}

/// The decimal digits of `value`, without going through String.
func appendDecimal(_ value: UInt8, to out: inout [UInt8]) {
    if value >= 100 { out.append(UInt8(ascii: "0") + value / 100) }
    if value >= 10 { out.append(UInt8(ascii: "0") + value / 10 % 10) }
    out.append(UInt8(ascii: "0") + value % 10)
}
