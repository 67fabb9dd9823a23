/// Why bytes could not be decoded as a PNG image; `description` is one line, fit for
/// "Error: <pokemon> sprite: <description>".
public struct PNGDecodeError: Error, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }

    public static let notPNG = PNGDecodeError("not a PNG image")
    public static let truncated = PNGDecodeError("truncated PNG")

    public static func tooLarge(width: Int, height: Int) -> PNGDecodeError {
        PNGDecodeError("image too large: \(width)×\(height)")
    }
}
