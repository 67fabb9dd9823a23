/// Bodies compressed for HTTP's `Content-Encoding`: gzip members and zlib streams (what HTTP
/// calls `deflate`, and what the store keeps), at libdeflate's fastest level, as the store
/// compresses. One thread at a time: its tables are allocated once.
public final class ResponseCompressor {
    private let deflate = DeflateCodec.Compressor(level: StoredBody.compressionLevel)

    public init() {}

    public func gzip(_ body: UnsafeRawBufferPointer) -> [UInt8] { deflate.gzip(body) }

    public func zlib(_ body: UnsafeRawBufferPointer) -> [UInt8] { deflate.zlib(body) }

    /// CRC-32 of `bytes`: a cheap fingerprint of stored forms.
    public static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 { DeflateCodec.crc32(bytes) }
}
