import Testing

@testable import BodyCoding

struct StoredBodyTests {
    static let bodies: [(label: String, bytes: [UInt8])] = [
        ("empty", []),
        ("one byte", [0x7B]),
        ("JSON", GzipFixture.json(repeating: 2_000)),
        ("incompressible", GzipFixture.incompressible(4_096)),
        ("UTF-8 text", Array(#"{"name":"ピカチュウ","genus":"Mouse Pokémon"}"#.utf8)),
    ]

    @Test(arguments: bodies.indices)
    func compressedBodiesRoundTripByteForByte(_ index: Int) throws {
        let body = Self.bodies[index].bytes
        let stored = StoredBody.compressing(body)
        #expect(try stored.decoded() == body)
        #expect(stored.decodedSize == body.count)
        // Compressed only when that is smaller, as sqlite3's sqlar_compress does.
        #expect(stored.bytes.count <= body.count)
        #expect((stored.encoding == .identity) == (stored.bytes == body))
        // And read back from a row's three values.
        let row = try StoredBody(bytes: stored.bytes, encoding: stored.encoding, decodedSize: stored.decodedSize)
        #expect(try row.decoded() == body)
        #expect(try Self.decodedInPlace(row) == body)
    }

    /// `decode(into:)` through a buffer of exactly the recorded size, as a server's.
    static func decodedInPlace(_ body: StoredBody) throws -> [UInt8] {
        var failure: (any Error)?
        let bytes = [UInt8](unsafeUninitializedCapacity: try body.checkedDecodedSize()) { buffer, count in
            do {
                try body.decode(into: UnsafeMutableRawBufferPointer(buffer))
                count = buffer.count
            } catch {
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    @Test func compressesJSONAtLeastTenfold() {
        let body = GzipFixture.json(repeating: 2_000)
        #expect(StoredBody.compressing(body).bytes.count * 10 < body.count)
    }

    /// A gzip body's deflate stream is stored framed as zlib, with an Adler-32 pokedex computes:
    /// zlib itself (sqlite3's sqlar_uncompress, Python's zlib) must read it, at every length
    /// around the checksum's 5,552-byte reduction block and of bytes that push its sums highest.
    @Test(arguments: [false, true])
    func aReframedGzipIsAZlibStreamZlibItselfReads(allOnes: Bool) throws {
        var generator = SystemRandomNumberGenerator()
        let lengths =
            Array(0...33) + [5_551, 5_552, 5_553, 16 * 5_552 + 7, 100_000]
            + (0..<20).map { _ in Int.random(in: 0...60_000, using: &generator) }
        for length in lengths {
            // Random letters: varied bytes that still compress, so that zlib reads them back.
            let body =
                allOnes
                ? [UInt8](repeating: 0xFF, count: length)
                : (0..<length).map { _ in UInt8.random(in: 0x61...0x7A, using: &generator) }
            let decoded = try ContentDecoding.decode(GzipFixture.gzip(body), contentEncoding: "gzip", limit: 1 << 20)
            #expect(decoded.body == body)
            // Stored as it is when compression does not shrink it (a few bytes); zlib reads the rest.
            guard let stored = decoded.stored, stored.encoding == .zlib else {
                #expect(length < 100, "\(length) bytes stored uncompressed")
                continue
            }
            let readByZlib = ZlibReference.uncompress(stored.bytes, decodedSize: body.count) == body
            #expect(readByZlib, "\(length) bytes")
        }
    }

    @Test(arguments: bodies.indices)
    func whatPokedexCompressesZlibReads(_ index: Int) {
        let body = Self.bodies[index].bytes
        let stored = StoredBody.compressing(body)
        guard stored.encoding == .zlib else { return }
        #expect(ZlibReference.uncompress(stored.bytes, decodedSize: body.count) == body)
    }

    struct DamagedRow: Sendable, CustomTestStringConvertible {
        let label: String
        let bytes: [UInt8]
        let encoding: StoredBody.Encoding
        let decodedSize: Int
        var testDescription: String { label }
    }

    static let json = GzipFixture.json(repeating: 100)
    static let zlib = GzipFixture.zlibStream(json)
    static let damagedRows: [DamagedRow] = [
        DamagedRow(label: "identity with another size", bytes: json, encoding: .identity, decodedSize: json.count + 1),
        DamagedRow(label: "zlib of its own size", bytes: zlib, encoding: .zlib, decodedSize: zlib.count),
        DamagedRow(label: "zlib recorded too small", bytes: zlib, encoding: .zlib, decodedSize: json.count - 1),
        DamagedRow(label: "zlib recorded too large", bytes: zlib, encoding: .zlib, decodedSize: json.count + 1),
        DamagedRow(label: "zlib cut short", bytes: Array(zlib.dropLast(10)), encoding: .zlib, decodedSize: json.count),
        DamagedRow(label: "not zlib", bytes: Array(json.prefix(200)), encoding: .zlib, decodedSize: json.count),
        DamagedRow(
            label: "wrong Adler-32", bytes: Array(zlib.dropLast(4)) + [0, 0, 0, 0], encoding: .zlib,
            decodedSize: json.count),
        DamagedRow(label: "bytes after the stream", bytes: zlib + [0], encoding: .zlib, decodedSize: json.count),
        // A size no stream of this length can reach is not allocated ahead (a terabyte would
        // fail to allocate, and trap).
        DamagedRow(label: "zlib recorded as a terabyte", bytes: zlib, encoding: .zlib, decodedSize: 1 << 40),
        DamagedRow(label: "zlib recorded as Int.max", bytes: zlib, encoding: .zlib, decodedSize: Int.max),
    ]

    @Test(arguments: damagedRows)
    func aDamagedRowIsAnErrorNotWrongBytes(_ row: DamagedRow) {
        #expect(throws: BodyCodingError.self) {
            try StoredBody(bytes: row.bytes, encoding: row.encoding, decodedSize: row.decodedSize).decoded()
        }
        #expect(throws: BodyCodingError.self) {
            try Self.decodedInPlace(StoredBody(bytes: row.bytes, encoding: row.encoding, decodedSize: row.decodedSize))
        }
    }
}
