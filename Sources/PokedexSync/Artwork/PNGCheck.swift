import PNGDecoding

/// Whether a downloaded body is a PNG pokedex can draw: it decodes, whole, through libpng.
/// A file that does not (an HTML page sent as image/png, a truncated transfer) is never stored.
enum PNGCheck {
    /// Why `body` is not such a PNG; nil when it is.
    static func problem(with body: [UInt8]) -> String? {
        do {
            _ = try PNGDecoder.decode(body)
            return nil
        } catch {
            return error.description
        }
    }
}
