import PNGDecoding
import Testing

@testable import TerminalImages

/// Half-block output read back by a small terminal (HalfBlockScreen) gives the image's pixels.
@Suite struct HalfBlockEncoderTests {
    static func expected(_ image: RGBAImage, _ x: Int, _ y: Int, _ palette: HalfBlockEncoder.Palette)
        -> HalfBlockScreen.Colour?
    {
        guard y < image.height else { return nil }
        let pixel = TestImages.pixel(image, x, y)
        guard pixel[3] >= 128 else { return nil }
        switch palette {
        case .truecolor: return .rgb(pixel[0], pixel[1], pixel[2])
        case .xterm256: return .indexed(XtermPalette.nearest(red: pixel[0], green: pixel[1], blue: pixel[2]))
        }
    }

    static let cases: [(width: Int, height: Int, palette: HalfBlockEncoder.Palette)] = [
        (17, 12, .truecolor), (17, 13, .truecolor), (1, 1, .truecolor), (40, 7, .xterm256), (5, 2, .xterm256),
    ]

    @Test(arguments: cases)
    func readsBackAsTheImage(width: Int, height: Int, palette: HalfBlockEncoder.Palette) {
        let image = TestImages.random(width: width, height: height, seed: UInt64(width * 100 + height))
        let output = HalfBlockEncoder.encode(image, palette: palette)
        let screen = HalfBlockScreen(output)
        #expect(screen.problems.isEmpty, "\(screen.problems.prefix(5))")
        #expect(screen.pixelRows.count == (height + 1) / 2 * 2)
        var wrong: [String] = []
        for y in 0..<screen.pixelRows.count {
            for x in 0..<width where screen.pixel(x, y) != Self.expected(image, x, y, palette) {
                wrong.append("(\(x),\(y)): \(String(describing: screen.pixel(x, y)))")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(screen.pixelRows.allSatisfy { $0.count <= width })
    }

    /// The 256-colour output draws the palette entry's colour, which is the nearest one.
    @Test func xterm256DrawsThePaletteColour() {
        let image = RGBAImage(
            width: 2, height: 2, pixels: [250, 10, 10, 255, 0, 0, 0, 0, 90, 140, 170, 255, 128, 128, 128, 200])
        let screen = HalfBlockScreen(HalfBlockEncoder.encode(image, palette: .xterm256))
        #expect(screen.pixel(0, 0) == .indexed(196))
        #expect(screen.pixel(1, 0) == nil)
        #expect(screen.pixel(0, 1) == .indexed(67))
        #expect(screen.pixel(1, 1) == .indexed(244))
    }

    /// The exact bytes for a 4×2 image: colour set once per change, `▄` under a transparent upper
    /// pixel, a plain space (with the background back to default) for a transparent cell, reset.
    @Test func writesTheFewestSequences() {
        let red: [UInt8] = [255, 0, 0, 255]
        let blue: [UInt8] = [0, 0, 255, 255]
        let clear: [UInt8] = [9, 9, 9, 0]
        let image = RGBAImage(width: 4, height: 2, pixels: red + red + clear + clear + blue + blue + red + clear)
        #expect(
            HalfBlockEncoder.encode(image, palette: .truecolor)
                == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀▀\u{1B}[49m▄\u{1B}[0m\n")
        let withGap = RGBAImage(width: 3, height: 1, pixels: red + clear + red)
        #expect(HalfBlockEncoder.encode(withGap, palette: .truecolor) == "\u{1B}[38;2;255;0;0m▀ ▀\u{1B}[0m\n")
    }

    /// Alpha 127 is transparent, 128 drawn; a fully transparent line is just a reset.
    @Test func thresholdsAlphaAt128() {
        let image = RGBAImage(
            width: 2, height: 3, pixels: [1, 2, 3, 127, 4, 5, 6, 128] + Array(repeating: 0, count: 16))
        let screen = HalfBlockScreen(HalfBlockEncoder.encode(image, palette: .truecolor))
        #expect(screen.pixel(0, 0) == nil)
        #expect(screen.pixel(1, 0) == .rgb(4, 5, 6))
        #expect(HalfBlockEncoder.encode(image, palette: .truecolor).hasSuffix("\n\u{1B}[0m\n"))
    }
}
