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
        for row in rows(image) {
            var pen = Pen()
            for cell in row { write(cell, palette, with: &pen, to: &out) }
            out += Array("\u{1B}[0m\n".utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The cells that draw `image`, a row of them for two rows of pixels (an odd last row has a
    /// transparent lower half), without the blank cells that end a row: what `encode` writes,
    /// for a program that draws cells itself.
    public static func rows(_ image: RGBAImage) -> [[HalfBlockCell]] {
        stride(from: 0, to: image.height, by: 2).map { y in
            var cells = (0..<image.width).map { x in
                HalfBlockCell(
                    upper: pixel(image, x, y), lower: y + 1 < image.height ? pixel(image, x, y + 1) : nil)
            }
            while cells.last?.isBlank == true { cells.removeLast() }
            return cells
        }
    }

    /// One colour as an SGR parameter list's tail: `2;r;g;b` or `5;n`.
    private enum Paint: Equatable {
        case rgb(UInt8, UInt8, UInt8)
        case indexed(UInt8)

        func write(layer: UInt8, to out: inout [UInt8]) {
            out += [layer, UInt8(ascii: "8"), UInt8(ascii: ";")]
            switch self {
            case .rgb(let red, let green, let blue):
                out += [UInt8(ascii: "2"), UInt8(ascii: ";")]
                appendDecimal(red, to: &out)
                out.append(UInt8(ascii: ";"))
                appendDecimal(green, to: &out)
                out.append(UInt8(ascii: ";"))
                appendDecimal(blue, to: &out)
            case .indexed(let index):
                out += [UInt8(ascii: "5"), UInt8(ascii: ";")]
                appendDecimal(index, to: &out)
            }
        }
    }

    /// The colours the terminal has set; nil is its default.
    private struct Pen {
        var foreground: Paint?
        var background: Paint?
    }

    /// The pixel at (x, y); nil when it is transparent.
    private static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> HalfBlockCell.Pixel? {
        let base = image.offset(x: x, y: y)
        guard image.pixels[base + 3] >= opaqueAlpha else { return nil }
        return HalfBlockCell.Pixel(red: image.pixels[base], green: image.pixels[base + 1], blue: image.pixels[base + 2])
    }

    private static func paint(_ pixel: HalfBlockCell.Pixel, _ palette: Palette) -> Paint {
        switch palette {
        case .truecolor: return .rgb(pixel.red, pixel.green, pixel.blue)
        case .xterm256: return .indexed(XtermPalette.nearest(red: pixel.red, green: pixel.green, blue: pixel.blue))
        }
    }

    /// Writes the cell's glyph, after the colour changes it needs from `pen`.
    private static func write(_ cell: HalfBlockCell, _ palette: Palette, with pen: inout Pen, to out: inout [UInt8]) {
        let (character, drawn, behind) = cell.glyph
        let glyph = Array(String(character).utf8)
        // A blank cell keeps the foreground set: only its background shows.
        let foreground = cell.isBlank ? pen.foreground : drawn.map { paint($0, palette) }
        let background = behind.map { paint($0, palette) }
        var opened = false
        func separate() {
            out += opened ? [UInt8(ascii: ";")] : [0x1B, UInt8(ascii: "[")]
            opened = true
        }
        if let foreground, foreground != pen.foreground {
            separate()
            foreground.write(layer: UInt8(ascii: "3"), to: &out)
        }
        if background != pen.background {
            separate()
            if let background {
                background.write(layer: UInt8(ascii: "4"), to: &out)
            } else {
                out += [UInt8(ascii: "4"), UInt8(ascii: "9")]
            }
        }
        if opened { out.append(UInt8(ascii: "m")) }
        pen = Pen(foreground: foreground, background: background)
        out += glyph
    }
}

/// The decimal digits of `value`, without going through String.
func appendDecimal(_ value: UInt8, to out: inout [UInt8]) {
    if value >= 100 { out.append(UInt8(ascii: "0") + value / 100) }
    if value >= 10 { out.append(UInt8(ascii: "0") + value / 10 % 10) }
    out.append(UInt8(ascii: "0") + value % 10)
}
