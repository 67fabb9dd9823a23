import BodyCoding

/// A handler's body: a stored form, or bytes written straight into the buffer the server
/// sends from, so that a large body made from a stored one is written once, not copied.
public enum ResponseBody: Sendable {
    /// Stored zlib streams are sent as they are to a client that accepts `deflate`.
    case stored(StoredBody)
    /// `write` fills the first bytes of `room` and says how many make the body.
    case written(room: Int, write: @Sendable (UnsafeMutableRawBufferPointer) throws -> Int)

    /// Bytes kept as they are.
    public static func identity(_ bytes: [UInt8]) -> ResponseBody { .stored(.identity(bytes)) }
}
