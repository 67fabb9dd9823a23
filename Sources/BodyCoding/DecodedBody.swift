/// A response body as the server sent it, decoded once: the bytes to parse, and, when the
/// server compressed them, the form the store keeps (its deflate stream, not compressed again).
public struct DecodedBody: Sendable {
    public let body: [UInt8]
    /// Nil for a body sent uncompressed: the store compresses it itself, if it keeps it.
    public let stored: StoredBody?
}
