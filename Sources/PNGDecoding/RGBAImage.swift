/// A decoded image: 8-bit red, green, blue and alpha per pixel, rows top to bottom, not
/// premultiplied (alpha 0 is fully transparent; the colour of such a pixel is whatever the file
/// had). `pixels` holds exactly `width × height × 4` bytes.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// `pixels.count` must be `width × height × 4` (checked: a wrong count is a programming error).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA buffer size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The offset in `pixels` of the red byte of the pixel at column `x`, row `y`.
    @inlinable public func offset(x: Int, y: Int) -> Int { (y * width + x) * 4 }
}
