import Testing

@testable import BodyCoding

/// The vectorised Adler-32 against its definition, byte by byte (RFC 1950 §8.2).
@Suite("Adler-32")
struct Adler32Tests {
    static func definition(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes(Adler32.checksum) }

    @Test(
        "known values",
        arguments: [("", 0x0000_0001), ("a", 0x0062_0062), ("Wikipedia", 0x11E6_0398)] as [(String, UInt32)])
    func known(text: String, expected: UInt32) {
        #expect(Self.checksum(Array(text.utf8)) == expected)
    }

    @Test(
        "every length around the chunk and block edges, and random lengths, of random and of all-0xFF bytes",
        arguments: [false, true])
    func matchesTheDefinition(allOnes: Bool) {
        var generator = SystemRandomNumberGenerator()
        let block = 16 * Adler32.chunksPerBlock
        let lengths =
            Array(0...40) + [block - 1, block, block + 1, block + 17, 3 * block + 5]
            + (0..<40).map { _ in Int.random(in: 0...(8 * block), using: &generator) }
        for length in lengths {
            let bytes =
                allOnes
                ? [UInt8](repeating: 0xFF, count: length)
                : (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Self.checksum(bytes) == Self.definition(bytes), "\(length) bytes")
        }
    }
}
