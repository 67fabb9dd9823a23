/// The xterm 256-colour palette's fixed part: the 6×6×6 colour cube (16–231) and the grey ramp
/// (232–255). Colours 0–15 are left out: every terminal theme redefines them.
public enum XtermPalette {
    /// The cube's six levels per channel.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB colour of palette entry `index` (16…255).
    public static func colour(of index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        precondition(index >= 16, "entries 0-15 are the theme's")
        if index >= 232 {
            let grey = UInt8(8 + 10 * Int(index - 232))
            return (grey, grey, grey)
        }
        let cube = Int(index) - 16
        return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
    }

    /// The entry (16…255) nearest to the colour in RGB distance (ties to the cube).
    ///
    /// Exact, not a heuristic: squared distance splits by channel, so the nearest cube colour is
    /// each channel's nearest level; and over greys (g, g, g) it is least at the channels' mean,
    /// so the nearest ramp grey is the one nearest that mean. The answer is the closer of the two.
    public static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        let (levelR, levelG, levelB) = (nearestCubeLevel(r), nearestCubeLevel(g), nearestCubeLevel(b))
        let cubeDistance =
            square(r - cubeLevels[levelR]) + square(g - cubeLevels[levelG]) + square(b - cubeLevels[levelB])

        // Ramp step i is 8 + 10i; the mean as a real number is sum / 3.
        let step = min(23, max(0, (r + g + b - 24 + 15) / 30))  // round((sum/3 - 8) / 10), clamped
        let grey = 8 + 10 * step
        let greyDistance = square(r - grey) + square(g - grey) + square(b - grey)
        return greyDistance < cubeDistance ? UInt8(232 + step) : UInt8(16 + 36 * levelR + 6 * levelG + levelB)
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        // Midpoints between the levels 0, 95, 135, 175, 215, 255: 47.5, 115, 155, 195, 235.
        switch value {
        case ..<48: 0
        case ..<115: 1
        default: min(5, (value - 35) / 40)
        }
    }

    private static func square(_ value: Int) -> Int { value * value }
}
