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

extension PixelRect {
    /// This rectangle grown about its centre to the shape of `columns × rows` cells (a cell is
    /// about twice as tall as wide), kept within a `width × height` image: kitty stretches
    /// what it shows to the box, so a box-shaped source keeps the picture undistorted.
    func framed(columns: Int, rows: Int, within width: Int, _ height: Int) -> PixelRect {
        // Compared as cross products: the box is columns wide for every 2 × rows pixels high.
        var framed = self
        if self.width * 2 * rows < self.height * columns {
            framed.width = min(width, (self.height * columns + 2 * rows - 1) / (2 * rows))
        } else {
            framed.height = min(height, (self.width * 2 * rows + columns - 1) / columns)
        }
        framed.x = max(0, min(width - framed.width, x - (framed.width - self.width) / 2))
        framed.y = max(0, min(height - framed.height, y - (framed.height - self.height) / 2))
        return framed
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
