import PNGDecoding

/// A rectangle of pixels in an image.
public struct PixelRect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension RGBAImage {
    /// The smallest rectangle holding every pixel with alpha > 0; nil when there is none.
    public func visibleBounds() -> PixelRect? {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width where pixels[offset(x: x, y: y) + 3] > 0 {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The pixels inside `rect`, which must lie within the image.
    public func cropped(to rect: PixelRect) -> RGBAImage {
        if rect == PixelRect(x: 0, y: 0, width: width, height: height) { return self }
        var out: [UInt8] = []
        out.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<(rect.y + rect.height) {
            out += pixels[offset(x: rect.x, y: y)..<offset(x: rect.x + rect.width, y: y)]
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: out)
    }
}
