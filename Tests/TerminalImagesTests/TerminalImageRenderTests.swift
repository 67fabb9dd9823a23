import PNGDecoding
import PNGTestSupport
import Testing

@testable import TerminalImages

/// The one entry point: decode, crop, scale, encode.
@Suite struct TerminalImageRenderTests {
    @Test(arguments: [ImageProtocol.truecolor, .ansi256])
    func drawsASpriteCropped(protocol: ImageProtocol) throws {
        let sprite = TestImages.sprite(width: 68, height: 56, inner: .init(x: 12, y: 9, width: 41, height: 37))
        let output = try TerminalImage.render(png: TestImages.png(sprite), protocol: `protocol`, maxColumns: 80)
        let screen = HalfBlockScreen(output)
        #expect(screen.problems.isEmpty, "\(screen.problems.prefix(3))")
        #expect(screen.pixelRows.count == 38, "37 visible rows in 19 lines")
        #expect(screen.pixelRows.prefix(37).allSatisfy { $0.count == 41 })
        let corner = TestImages.pixel(sprite, 12, 9)
        let expected: HalfBlockScreen.Colour =
            `protocol` == .truecolor
            ? .rgb(corner[0], corner[1], corner[2])
            : .indexed(XtermPalette.nearest(red: corner[0], green: corner[1], blue: corner[2]))
        #expect(screen.pixel(0, 0) == expected)
        #expect(
            !output.contains("\u{1B}[48;2;0;0;0m") && !output.contains("\u{1B}[48;5;16m"), "no black for transparency")
    }

    /// Official artwork (475×475, opaque) comes down to the width asked for, a pixel a column.
    @Test func scalesArtworkToTheWidth() throws {
        var pixels: [UInt8] = []
        for y in 0..<475 {
            for x in 0..<475 { pixels += x < 237 ? [255, 0, 0, 255] : y < 237 ? [0, 0, 255, 255] : [0, 200, 0, 255] }
        }
        let png = TestImages.png(RGBAImage(width: 475, height: 475, pixels: pixels))
        let screen = HalfBlockScreen(try TerminalImage.render(png: png, protocol: .truecolor, maxColumns: 60))
        #expect(screen.problems.isEmpty)
        #expect(screen.pixelRows.count == 60)
        #expect(screen.pixelRows.allSatisfy { $0.count == 60 })
        #expect(screen.pixel(0, 0) == .rgb(255, 0, 0) && screen.pixel(0, 59) == .rgb(255, 0, 0))
        #expect(screen.pixel(59, 0) == .rgb(0, 0, 255) && screen.pixel(59, 59) == .rgb(0, 200, 0))
    }

    @Test(arguments: ImageProtocol.allCases)
    func drawsNothingForAnInvisibleImage(protocol: ImageProtocol) throws {
        let png = TestImages.png(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 64)))
        #expect(try TerminalImage.render(png: png, protocol: `protocol`, maxColumns: 80) == "")
    }

    /// A file that does not decode draws nothing in any protocol, not even the passthrough ones.
    @Test(arguments: ImageProtocol.allCases)
    func refusesWhatDoesNotDecode(protocol: ImageProtocol) {
        var png = TestImages.png(TestImages.sprite(width: 8, height: 8, inner: .init(x: 1, y: 1, width: 4, height: 4)))
        png.removeLast(20)
        #expect(throws: PNGDecodeError.self) {
            try TerminalImage.render(png: png, protocol: `protocol`, maxColumns: 80)
        }
        #expect(throws: PNGDecodeError.notPNG) {
            try TerminalImage.render(png: Array("<html>".utf8), protocol: `protocol`, maxColumns: 80)
        }
    }
}
