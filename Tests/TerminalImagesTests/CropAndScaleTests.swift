import PNGDecoding
import Testing

@testable import TerminalImages

@Suite struct CropAndScaleTests {
    @Test func cropsToTheVisiblePixels() {
        let image = TestImages.sprite(width: 68, height: 56, inner: .init(x: 10, y: 5, width: 30, height: 41))
        let bounds = image.visibleBounds()
        #expect(bounds == PixelRect(x: 10, y: 5, width: 30, height: 41))
        let cropped = image.cropped(to: bounds!)
        #expect(cropped.width == 30 && cropped.height == 41)
        #expect(TestImages.pixel(cropped, 0, 0) == TestImages.pixel(image, 10, 5))
        #expect(TestImages.pixel(cropped, 29, 40) == TestImages.pixel(image, 39, 45))
    }

    /// Alpha 1 counts as visible; a single pixel in a corner; nothing visible at all.
    @Test func findsBoundsAtTheEdges() {
        var pixels = [UInt8](repeating: 0, count: 5 * 4 * 4)
        pixels[(3 * 5 + 4) * 4 + 3] = 1
        #expect(
            RGBAImage(width: 5, height: 4, pixels: pixels).visibleBounds() == PixelRect(x: 4, y: 3, width: 1, height: 1)
        )
        pixels[3] = 255
        #expect(
            RGBAImage(width: 5, height: 4, pixels: pixels).visibleBounds() == PixelRect(x: 0, y: 0, width: 5, height: 4)
        )
        #expect(RGBAImage(width: 5, height: 4, pixels: [UInt8](repeating: 0, count: 80)).visibleBounds() == nil)
    }

    @Test(arguments: [
        (68, 56, 80, 68, 56), (475, 475, 80, 80, 80), (475, 475, 79, 79, 79), (100, 51, 50, 50, 26),
        (3, 1000, 1, 1, 333), (10, 1, 3, 3, 1), (80, 20, 80, 80, 20), (81, 20, 80, 80, 20),
    ])
    func fitsTheWidth(width: Int, height: Int, maxWidth: Int, expectedWidth: Int, expectedHeight: Int) {
        let image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        let size = image.size(fittingWidth: maxWidth)
        #expect(size.width == expectedWidth && size.height == expectedHeight)
    }

    /// Whole blocks average exactly; a uniform image stays uniform at any ratio.
    @Test func averagesWholeBlocks() {
        let colours: [[UInt8]] = [[200, 0, 0, 255], [0, 100, 0, 255], [0, 0, 50, 255], [10, 20, 30, 255]]
        var pixels: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<4 { pixels += colours[(y / 2) * 2 + x / 2] }
        }
        let scaled = RGBAImage(width: 4, height: 4, pixels: pixels).scaled(toWidth: 2, height: 2)
        #expect(scaled.pixels == colours.flatMap { $0 })

        let uniform = RGBAImage(width: 475, height: 475, pixels: [UInt8]([17, 99, 201, 255]).repeated(475 * 475))
        let small = uniform.scaled(toWidth: 80, height: 80)
        #expect(small.width == 80 && small.height == 80)
        #expect(small.pixels == [UInt8]([17, 99, 201, 255]).repeated(80 * 80))
    }

    /// Fractional coverage: three pixels into two, the middle one split half and half.
    @Test func weighsPartialCoverage() {
        let image = RGBAImage(width: 3, height: 1, pixels: [0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255])
        #expect(image.scaled(toWidth: 2, height: 1).pixels == [30, 30, 30, 255, 150, 150, 150, 255])
    }

    /// Transparent pixels thin the alpha but lend no colour: red beside clear black stays red.
    @Test func weighsColourByAlpha() {
        let image = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 0, 0])
        #expect(image.scaled(toWidth: 1, height: 1).pixels == [255, 0, 0, 128])
        let faint = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 200, 0, 0, 255, 50])
        #expect(faint.scaled(toWidth: 1, height: 1).pixels == [204, 0, 51, 125])
        let clear = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16))
        #expect(clear.scaled(toWidth: 1, height: 1).pixels == [0, 0, 0, 0])
    }
}

extension Array {
    fileprivate func repeated(_ count: Int) -> [Element] { Array([[Element]](repeating: self, count: count).joined()) }
}
