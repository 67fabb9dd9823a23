import PNGTestSupport

/// Sprite-like PNGs made in the test, so that no image is shipped: a coloured square on a
/// transparent background, `seed` choosing its colour (so that two seeds differ in bytes).
public enum TestSprite {
    public static func png(seed: Int, size: Int = 8) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                let inside = x > 0 && y > 0 && x < size - 1 && y < size - 1
                pixels +=
                    inside
                    ? [UInt8(truncatingIfNeeded: seed &* 37), UInt8(truncatingIfNeeded: seed &* 91), 200, 255]
                    : [0, 0, 0, 0]
            }
        }
        return SampleImage.rgba8(width: size, height: size, pixels: pixels).png()
    }
}
