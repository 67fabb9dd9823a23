/// One cell of a half-block drawing: its two pixels, nil where transparent. The upper pixel is
/// the foreground of `▀` over the lower one as background; with only a lower pixel, `▄` in its
/// colour over the terminal's own background; with neither, a space.
public struct HalfBlockCell: Equatable, Sendable {
    public struct Pixel: Equatable, Sendable {
        public let red: UInt8
        public let green: UInt8
        public let blue: UInt8
    }

    public let upper: Pixel?
    public let lower: Pixel?

    var isBlank: Bool { upper == nil && lower == nil }

    /// The character drawn and its colours.
    public var glyph: (character: Character, foreground: Pixel?, background: Pixel?) {
        switch (upper, lower) {
        case (let upper?, let lower): ("▀", upper, lower)
        case (nil, let lower?): ("▄", lower, nil)
        case (nil, nil): (" ", nil, nil)
        }
    }
}
