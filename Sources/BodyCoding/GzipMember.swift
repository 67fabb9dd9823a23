/// The framing of a gzip member (RFC 1952): a header with optional fields, a deflate stream,
/// then CRC-32 and size of the decoded bytes, both little-endian.
struct GzipMember {
    /// Where the deflate stream starts.
    let deflateStart: Int

    static let trailerSize = 8

    private static let fieldFlags: (headerCRC: UInt8, extra: UInt8, name: UInt8, comment: UInt8) = (2, 4, 8, 16)
    private static let reservedFlags: UInt8 = 0xE0

    /// Reads the header at the start of `bytes`.
    init(header bytes: UnsafeRawBufferPointer) throws(BodyCodingError) {
        guard bytes.count >= 10, bytes[0] == 0x1F, bytes[1] == 0x8B else { throw .corrupt("it is not gzip") }
        guard bytes[2] == 8 else { throw .corrupt("gzip compression method \(bytes[2]) is not deflate") }
        let flags = bytes[3]
        guard flags & Self.reservedFlags == 0 else { throw .corrupt("gzip header has reserved flags set") }
        var offset = 10
        if flags & Self.fieldFlags.extra != 0 {
            guard offset + 2 <= bytes.count else { throw .corrupt("gzip header ends early") }
            offset += 2 + (Int(bytes[offset]) | Int(bytes[offset + 1]) << 8)
        }
        for flag in [Self.fieldFlags.name, Self.fieldFlags.comment] where flags & flag != 0 {
            // A zero-terminated field.
            while offset < bytes.count, bytes[offset] != 0 { offset += 1 }
            offset += 1
        }
        if flags & Self.fieldFlags.headerCRC != 0 { offset += 2 }
        guard offset <= bytes.count else { throw .corrupt("gzip header ends early") }
        deflateStart = offset
    }

    /// The CRC-32 and size (mod 2³²) a trailer states.
    static func trailer(_ bytes: UnsafeRawBufferPointer) -> (crc: UInt32, size: UInt32) {
        let word = { (at: Int) in (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        return (word(0), word(4))
    }
}
