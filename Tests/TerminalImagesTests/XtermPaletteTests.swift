import Testing

@testable import TerminalImages

@Suite struct XtermPaletteTests {
    @Test(
        arguments: [
            ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((0, 255, 0), 46), ((0, 0, 255), 21),
            ((95, 135, 175), 67), ((255, 128, 0), 208), ((47, 0, 0), 233), ((48, 0, 0), 233), ((120, 0, 0), 88),
            ((200, 60, 60), 167),
            // Either side of each midpoint between cube levels.
            ((47, 255, 0), 46), ((48, 255, 0), 82), ((114, 255, 0), 82), ((116, 255, 0), 118), ((154, 0, 255), 93),
            ((156, 0, 255), 129), ((234, 0, 0), 160), ((236, 0, 0), 196),
            ((128, 128, 128), 244), ((8, 8, 8), 232), ((238, 238, 238), 255), ((12, 12, 12), 232),
            ((100, 100, 100), 241), ((47, 47, 47), 236), ((250, 250, 250), 231), ((3, 3, 3), 16),
            ((5, 5, 5), 232), ((90, 140, 170), 67), ((250, 10, 10), 196), ((135, 135, 140), 245),
        ] as [((UInt8, UInt8, UInt8), UInt8)])
    func mapsToTheNearestEntry(colour: (UInt8, UInt8, UInt8), expected: UInt8) {
        #expect(XtermPalette.nearest(red: colour.0, green: colour.1, blue: colour.2) == expected)
    }

    @Test(
        arguments: [
            (16, (0, 0, 0)), (17, (0, 0, 95)), (67, (95, 135, 175)), (196, (255, 0, 0)), (231, (255, 255, 255)),
            (232, (8, 8, 8)), (244, (128, 128, 128)), (255, (238, 238, 238)),
        ] as [(UInt8, (UInt8, UInt8, UInt8))])
    func knowsEachEntrysColour(index: UInt8, colour: (UInt8, UInt8, UInt8)) {
        let actual = XtermPalette.colour(of: index)
        #expect(actual.red == colour.0 && actual.green == colour.1 && actual.blue == colour.2)
    }

    /// Over a grid of 32,768 colours, the chosen entry is at the least distance of all 240.
    @Test func isNearestOverAGrid() {
        let entries = (16...255).map { index in
            let colour = XtermPalette.colour(of: UInt8(index))
            return (Int(colour.red), Int(colour.green), Int(colour.blue))
        }
        func distance(_ red: Int, _ green: Int, _ blue: Int, _ entry: (Int, Int, Int)) -> Int {
            (red - entry.0) * (red - entry.0) + (green - entry.1) * (green - entry.1) + (blue - entry.2)
                * (blue - entry.2)
        }
        var wrong: [[Int]] = []
        for red in stride(from: 0, through: 255, by: 8) {
            for green in stride(from: 1, through: 255, by: 8) {
                for blue in stride(from: 3, through: 255, by: 8) {
                    let chosen = Int(XtermPalette.nearest(red: UInt8(red), green: UInt8(green), blue: UInt8(blue)))
                    var best = Int.max
                    for entry in entries { best = min(best, distance(red, green, blue, entry)) }
                    if distance(red, green, blue, entries[chosen - 16]) != best { wrong.append([red, green, blue]) }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
