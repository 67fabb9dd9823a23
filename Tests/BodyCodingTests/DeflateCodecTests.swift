import Testing

@testable import BodyCoding

/// libdeflate inflates into a room of fixed size: whatever size the caller expects (a gzip
/// trailer's, the database's, or a guess), the output is the stream's, and `limit` is exact.
struct DeflateCodecTests {
    static let body = GzipFixture.json(repeating: 3_000)

    struct Room: Sendable, CustomTestStringConvertible {
        let label: String
        let sizeHint: Int
        var testDescription: String { label }
    }

    static let rooms: [Room] = [
        Room(label: "no hint", sizeHint: 0),
        Room(label: "one byte", sizeHint: 1),
        Room(label: "one byte short", sizeHint: body.count - 1),
        Room(label: "exact", sizeHint: body.count),
        Room(label: "one byte more", sizeHint: body.count + 1),
        Room(label: "a terabyte", sizeHint: 1 << 40),
        Room(label: "Int.max", sizeHint: Int.max),
        Room(label: "negative", sizeHint: -5),
    ]

    @Test(arguments: rooms, [DeflateCodec.Framing.raw, .zlib])
    func anyHintGivesTheWholeStream(_ room: Room, framing: DeflateCodec.Framing) throws {
        let stream = framing == .raw ? GzipFixture.rawDeflate(Self.body) : GzipFixture.zlibStream(Self.body)
        let trailer: [UInt8] = [1, 2, 3]
        let (output, consumed) = try (stream + trailer).withBytes { (input) throws(BodyCodingError) in
            try DeflateCodec.inflate(input, framing: framing, limit: 1 << 24, sizeHint: room.sizeHint)
        }
        #expect(output == Self.body)
        #expect(consumed == stream.count)
    }

    @Test(arguments: [0, 1, 1_000, body.count - 1, body.count, 1 << 40, Int.max])
    func theLimitIsExact(_ hint: Int) throws {
        let stream = GzipFixture.rawDeflate(Self.body)
        let inflate = { (limit: Int) throws(BodyCodingError) in
            try stream.withBytes { (input) throws(BodyCodingError) in
                try DeflateCodec.inflate(input, framing: .raw, limit: limit, sizeHint: hint).output
            }
        }
        #expect(try inflate(Self.body.count) == Self.body)
        #expect(throws: BodyCodingError.tooLarge(limit: Self.body.count - 1)) { try inflate(Self.body.count - 1) }
    }

    @Test func anEmptyStreamDecodesToNothingWithinALimitOfZero() throws {
        let stream = GzipFixture.rawDeflate([])
        let output = try stream.withBytes { (input) throws(BodyCodingError) in
            try DeflateCodec.inflate(input, framing: .raw, limit: 0, sizeHint: 0).output
        }
        #expect(output.isEmpty)
    }

    /// Room for 1,032 bytes per byte in and still not the end of the stream: a damaged one,
    /// not one too large (deflate cannot make more of so little input).
    @Test func aStreamThatOutgrowsWhatDeflateCanMakeIsDamaged() {
        // A stored block announcing 65,535 bytes, of which only three follow.
        let stored: [UInt8] = [0x01, 0xFF, 0xFF, 0x00, 0x00, 0x61, 0x62, 0x63]
        #expect(throws: BodyCodingError.corrupt("the compressed stream is damaged or cut short")) {
            try stored.withBytes { (input) throws(BodyCodingError) in
                try DeflateCodec.inflate(input, framing: .raw, limit: 1 << 30, sizeHint: 0)
            }
        }
    }

    @Test func checksumsMatchZlibs() {
        for length in [0, 1, 15, 16, 17, 5_551, 5_552, 5_553, 100_003] {
            for bytes in [GzipFixture.incompressible(length), [UInt8](repeating: 0xFF, count: length)] {
                #expect(bytes.withUnsafeBytes(DeflateCodec.crc32) == ZlibReference.crc32(bytes), "\(length) bytes")
                #expect(bytes.withUnsafeBytes(DeflateCodec.adler32) == ZlibReference.adler32(bytes), "\(length) bytes")
            }
        }
    }
}
