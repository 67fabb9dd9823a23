import Testing

@testable import TerminalImages

/// A list row's icon: the visible pixels framed to the box's shape, which kitty stretches to fill.
@Suite struct KittyIconTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let visible: PixelRect
        let image: (width: Int, height: Int)
        let expected: PixelRect
        /// The box's width; it is one row high.
        let columns: Int
        var testDescription: String { name }

        init(_ name: String, _ visible: [Int], in image: (Int, Int), _ expected: [Int], columns: Int = 2) {
            self.name = name
            self.visible = PixelRect(x: visible[0], y: visible[1], width: visible[2], height: visible[3])
            self.image = image
            self.expected = PixelRect(x: expected[0], y: expected[1], width: expected[2], height: expected[3])
            self.columns = columns
        }
    }

    static let cases = [
        Case("tall: widened about its centre to a square", [28, 18, 40, 60], in: (96, 96), [18, 18, 60, 60]),
        Case("wide: heightened to a square", [10, 40, 60, 30], in: (96, 96), [10, 25, 60, 60]),
        Case("square already: unchanged", [5, 6, 20, 20], in: (96, 96), [5, 6, 20, 20]),
        Case("at the left edge: kept within the image", [0, 0, 10, 50], in: (96, 96), [0, 0, 50, 50]),
        Case("taller than the image is wide: as wide as it", [15, 3, 10, 90], in: (40, 96), [0, 3, 40, 90]),
        Case("a 4×1 box: twice as wide as high", [30, 30, 20, 20], in: (96, 96), [20, 30, 40, 20], columns: 4),
    ]

    @Test(arguments: cases)
    func framed(_ example: Case) {
        let framed = example.visible.framed(
            columns: example.columns, rows: 1, within: example.image.width, example.image.height)
        #expect(framed == example.expected)
    }

    @Test("the icon is kitty's, over exactly the box, showing the framed visible pixels")
    func icon() throws {
        let png = TestImages.png(
            TestImages.sprite(width: 96, height: 96, inner: .init(x: 28, y: 18, width: 40, height: 60)))
        let icon = try TerminalImage.kittyIcon(png: png, columns: 2, rows: 1)
        #expect(
            icon
                == CellImage(
                    png: png, imageProtocol: .kitty, source: PixelRect(x: 18, y: 18, width: 60, height: 60), columns: 2,
                    rows: 1))
        #expect(
            icon?.kittyPlacement(id: 7) == "\u{1B}_Ga=p,i=7,p=1,x=18,y=18,w=60,h=60,c=2,r=1,C=1,q=2\u{1B}\\",
            "placed again without its PNG")
        let transparent = TestImages.png(
            TestImages.sprite(width: 8, height: 8, inner: .init(x: 0, y: 0, width: 0, height: 0)))
        #expect(try TerminalImage.kittyIcon(png: transparent, columns: 2, rows: 1) == nil)
    }
}
