/// A raw body as the store keeps it (`body`, `body_size`, `body_encoding`): a zlib stream
/// when that is smaller than the body, else the body itself. A body the server compressed
/// keeps the server's deflate stream, only reframed (no second compression); any other is
/// compressed by pokedex. The framing is that of sqlite3's SQL archives, so in the sqlite3
/// shell `sqlar_uncompress(body, body_size)` gives any stored body back.
public struct StoredBody: Sendable, Equatable {
    public enum Encoding: String, Sendable, CaseIterable {
        case identity
        case zlib
    }

    public let bytes: [UInt8]
    public let encoding: Encoding
    /// The body's length once decoded.
    public let decodedSize: Int

    /// libdeflate's fastest level: every sync compresses the bodies it stores, and on stored
    /// JSON even this level beats zlib's fastest in both time and size.
    static let compressionLevel: Int32 = 1

    /// A stored row's three values, checked for consistency (decoding checks the rest).
    public init(bytes: [UInt8], encoding: Encoding, decodedSize: Int) throws(BodyCodingError) {
        guard decodedSize >= 0, (encoding == .identity) == (decodedSize == bytes.count) else {
            throw .corrupt("a \(encoding.rawValue) body of \(bytes.count) bytes cannot decode to \(decodedSize)")
        }
        self.init(checked: bytes, encoding: encoding, decodedSize: decodedSize)
    }

    private init(checked bytes: [UInt8], encoding: Encoding, decodedSize: Int) {
        self.bytes = bytes
        self.encoding = encoding
        self.decodedSize = decodedSize
    }

    /// Compresses bodies one after another, as ``compressing(_:)`` does one: for a caller
    /// with many (a page's items, a table's rows). Used by one thread at a time.
    public final class Compressor {
        private let deflate = DeflateCodec.Compressor(level: compressionLevel)

        public init() {}

        /// `body` compressed by pokedex, or as it is when that is no smaller.
        public func compressing(_ body: UnsafeRawBufferPointer) -> StoredBody {
            smaller(deflate.zlib(body), than: body)
        }

        public func compressing(_ body: [UInt8]) -> StoredBody { body.withUnsafeBytes(compressing) }
    }

    /// `body` compressed by pokedex, or as it is when that is no smaller.
    public static func compressing(_ body: UnsafeRawBufferPointer) -> StoredBody {
        compressors.with { $0.compressing(body) }
    }

    /// Kept for reuse: a compressor's set-up cost more than compressing the small bodies a
    /// server sends uncompressed.
    private static let compressors = ObjectPool { Compressor() }

    public static func compressing(_ body: [UInt8]) -> StoredBody { body.withUnsafeBytes(compressing) }

    /// The server's deflate stream of `decoded`, framed as zlib (header, stream, Adler-32).
    static func reframing(deflate: UnsafeRawBufferPointer, of decoded: [UInt8]) -> StoredBody {
        var framed: [UInt8] = []
        framed.reserveCapacity(deflate.count + 6)
        // CMF 0x78: deflate with a 32 KiB window (gzip's largest); FLG 0x9C makes the pair a
        // multiple of 31, as RFC 1950 requires.
        framed.append(contentsOf: [0x78, 0x9C])
        framed.append(contentsOf: deflate)
        let checksum = decoded.withUnsafeBytes(DeflateCodec.adler32)
        framed.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (24 - 8 * $0)) })
        return decoded.withUnsafeBytes { smaller(framed, than: $0) }
    }

    /// A zlib stream the server sent as is (`Content-Encoding: deflate` done right).
    static func keeping(zlib: [UInt8], of decoded: [UInt8]) -> StoredBody {
        decoded.withUnsafeBytes { smaller(zlib, than: $0) }
    }

    /// `compressed` when it is smaller than `body`, else `body` itself (copied: rare, a body
    /// compression does not shrink). Never the same length either: sqlar_uncompress takes
    /// equal sizes for a body stored as it is.
    private static func smaller(_ compressed: [UInt8], than body: UnsafeRawBufferPointer) -> StoredBody {
        compressed.count < body.count
            ? StoredBody(checked: compressed, encoding: .zlib, decodedSize: body.count)
            : StoredBody(checked: Array(body), encoding: .identity, decodedSize: body.count)
    }

    /// The body as it was received, in an array of its own.
    public func decoded() throws(BodyCodingError) -> [UInt8] {
        guard encoding == .zlib else { return bytes }
        var failure: BodyCodingError?
        let output = [UInt8](unsafeUninitializedCapacity: try checkedDecodedSize()) { buffer, count in
            do throws(BodyCodingError) {
                try decode(into: UnsafeMutableRawBufferPointer(buffer))
                count = decodedSize
            } catch {
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        return output
    }

    /// Writes the body as it was received into `buffer`, which holds ``decodedSize`` bytes:
    /// memory the caller owns, such as a buffer an HTTP server sends from.
    public func decode(into buffer: UnsafeMutableRawBufferPointer) throws(BodyCodingError) {
        precondition(buffer.count == decodedSize, "a buffer of \(buffer.count) bytes for \(decodedSize)")
        guard encoding == .zlib else {
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            return
        }
        let consumed = try bytes.withBytes { (stream) throws(BodyCodingError) in
            try DeflateCodec.inflate(stream, framing: .zlib, filling: buffer)
        }
        guard consumed == bytes.count else { throw .corrupt("bytes follow its compressed stream") }
    }

    /// ``decodedSize``, refused when no stream of this length can make it: a damaged row
    /// claiming a terabyte is an error, not an allocation that fails.
    public func checkedDecodedSize() throws(BodyCodingError) -> Int {
        guard decodedSize <= DeflateCodec.mostOutput(from: bytes.count) else {
            throw .corrupt("\(bytes.count) compressed bytes cannot decode to \(decodedSize)")
        }
        return decodedSize
    }
}
