import LoopbackHTTP
import PNGDecoding
import PNGTestSupport

/// Images the rendering tests start from.
enum TestImages {
    /// Random opaque, half-transparent and transparent pixels (about a third each), alpha
    /// values on both sides of the 128 threshold.
    static func random(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        let pixels = (0..<(width * height)).flatMap { _ -> [UInt8] in
            let alpha: UInt8 = [0, 255, UInt8(random.below(256))][random.below(3)]
            return [UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)), alpha]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A sprite-like picture: an opaque random `inner` rectangle at (`left`, `top`) on a
    /// transparent canvas.
    static func sprite(width: Int, height: Int, inner: PixelRectSpec, seed: UInt64 = 7) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in inner.y..<(inner.y + inner.height) {
            for x in inner.x..<(inner.x + inner.width) {
                let base = (y * width + x) * 4
                pixels.replaceSubrange(
                    base..<(base + 4),
                    with: [UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)), 255])
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    struct PixelRectSpec {
        let x, y, width, height: Int
    }

    static func png(_ image: RGBAImage) -> [UInt8] {
        SampleImage.rgba8(width: image.width, height: image.height, pixels: image.pixels).png()
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.pixels[image.offset(x: x, y: y)..<image.offset(x: x, y: y) + 4])
    }
}
