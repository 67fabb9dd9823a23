import BodyCoding

/// A 64-bit FNV-1a hash of what a body is made from, for its entity tag: stored forms (by
/// their CRC-32 and sizes, never decoded for it) and the text that shapes the answer (the
/// origins links are rewritten between, the images linked). A 304 then costs no decoding.
struct Fingerprint {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) { add(Array(text.utf8)) }

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes { add(byte) }
        add(0)
    }

    mutating func add(_ number: Int) {
        var number = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: number))
            number >>= 8
        }
    }

    /// A stored body: its encoding, sizes and the CRC-32 of its stored bytes.
    mutating func add(_ body: StoredBody) {
        add(body.encoding.rawValue)
        add(body.decodedSize)
        add(body.bytes.count)
        add(Int(body.bytes.withUnsafeBytes { ResponseCompressor.crc32($0) }))
    }

    /// The rewrites a body's links take: the same body served on another origin is another answer.
    mutating func add(_ rewriter: LinkRewriter) {
        for replacement in rewriter.replacements {
            add(String(decoding: replacement.from + replacement.to, as: UTF8.self))
        }
    }

    private mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// A weak entity tag: the same for every content coding of the body.
    var entityTag: String { "W/\"" + String(value, radix: 16) + "\"" }
}
