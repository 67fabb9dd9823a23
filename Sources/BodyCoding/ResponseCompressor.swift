/// Bodies compressed for HTTP's `Content-Encoding`: gzip members and zlib streams (what HTTP
/// calls `deflate`, and what the store keeps), at libdeflate's fastest level, as the store
/// compresses. One thread at a time: its tables are allocated once.
public final class ResponseCompressor {
    private let deflate = DeflateCodec.Compressor(level: StoredBody.compressionLevel)

    public init() {}

    public func gzip(_ body: [UInt8]) -> [UInt8] { body.withUnsafeBytes(deflate.gzip) }

    public func zlib(_ body: [UInt8]) -> [UInt8] { body.withUnsafeBytes(deflate.zlib) }

    /// CRC-32 of `bytes`: a cheap fingerprint of stored forms.
    public static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 { DeflateCodec.crc32(bytes) }
}
