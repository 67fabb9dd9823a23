import Testing

@testable import BodyCoding

struct ContentDecodingTests {
    static let body = GzipFixture.json(repeating: 400)

    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let wire: [UInt8]
        let contentEncoding: String?
        /// The encoding the store gets from the response itself; nil when it compresses anew.
        let stored: StoredBody.Encoding?
        var testDescription: String { label }
    }

    static let decodable: [Case] = [
        Case(label: "no Content-Encoding", wire: body, contentEncoding: nil, stored: nil),
        Case(label: "identity", wire: body, contentEncoding: "identity", stored: nil),
        Case(label: "gzip", wire: GzipFixture.gzip(body), contentEncoding: "gzip", stored: .zlib),
        Case(
            label: "GZIP, capitals and spaces", wire: GzipFixture.gzip(body), contentEncoding: " GZIP ", stored: .zlib),
        Case(label: "x-gzip", wire: GzipFixture.gzip(body), contentEncoding: "x-gzip", stored: .zlib),
        Case(
            label: "identity listed beside gzip", wire: GzipFixture.gzip(body), contentEncoding: "identity, gzip",
            stored: .zlib),
        Case(
            label: "gzip with every optional header field",
            wire: GzipFixture.gzip(
                body, fields: .init(name: "pokemon.json", comment: "made by a test", extra: [1, 2, 3], headerCRC: true)),
            contentEncoding: "gzip", stored: .zlib),
        Case(
            label: "two gzip members",
            wire: GzipFixture.gzip(Array(body[..<1000])) + GzipFixture.gzip(Array(body[1000...])),
            contentEncoding: "gzip", stored: nil),
        Case(
            // The first member's room comes from the last trailer: too small, it grows.
            label: "two gzip members, the first larger",
            wire: GzipFixture.gzip(Array(body.dropLast(100))) + GzipFixture.gzip(Array(body.suffix(100))),
            contentEncoding: "gzip", stored: nil),
        Case(
            label: "deflate as a zlib stream", wire: GzipFixture.zlibStream(body), contentEncoding: "deflate",
            stored: .zlib),
        Case(label: "deflate sent bare", wire: GzipFixture.rawDeflate(body), contentEncoding: "deflate", stored: .zlib),
        Case(
            label: "gzip of a body that does not compress",
            wire: GzipFixture.gzip(GzipFixture.incompressible(300)), contentEncoding: "gzip", stored: .identity),
    ]

    @Test(arguments: decodable)
    func decodesAndKeepsWhatTheServerCompressed(_ testCase: Case) throws {
        let decoded = try ContentDecoding.decode(
            testCase.wire, contentEncoding: testCase.contentEncoding, limit: 1 << 20)
        let expected = testCase.label.contains("does not compress") ? GzipFixture.incompressible(300) : Self.body
        #expect(decoded.body == expected)
        #expect(decoded.stored?.encoding == testCase.stored)
        if let stored = decoded.stored {
            #expect(try stored.decoded() == expected)
            #expect(stored.decodedSize == expected.count)
            if stored.encoding == .zlib {
                // The server's deflate stream is kept, not compressed again.
                let deflate = stored.bytes[2..<(stored.bytes.count - 4)]
                #expect(testCase.wire.firstRange(of: deflate) != nil)
            }
        }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let label: String
        let wire: [UInt8]
        let contentEncoding: String
        let error: BodyCodingError
        var testDescription: String { label }
    }

    static let gzipped = GzipFixture.gzip(body)
    static let damaged: [Refusal] = [
        Refusal(label: "brotli, never asked for", wire: body, contentEncoding: "br", error: .unsupportedEncoding("br")),
        Refusal(
            label: "two codings stacked", wire: gzipped, contentEncoding: "gzip, br",
            error: .unsupportedEncoding("gzip, br")),
        Refusal(
            label: "not gzip at all", wire: body, contentEncoding: "gzip", error: .corrupt("it is not gzip")),
        Refusal(
            label: "cut inside the header", wire: Array(gzipped[..<6]), contentEncoding: "gzip",
            error: .corrupt("it is not gzip")),
        Refusal(
            label: "cut inside the stream", wire: Array(gzipped[..<(gzipped.count / 2)]), contentEncoding: "gzip",
            error: .corrupt("the compressed stream is damaged or cut short")),
        Refusal(
            label: "cut inside the trailer", wire: Array(gzipped.dropLast(3)), contentEncoding: "gzip",
            error: .corrupt("the gzip trailer is missing")),
        Refusal(
            label: "wrong CRC", wire: Array(gzipped.dropLast(8)) + [0, 0, 0, 0] + Array(gzipped.suffix(4)),
            contentEncoding: "gzip", error: .corrupt("the gzip checksum does not match")),
        Refusal(
            label: "wrong size", wire: Array(gzipped.dropLast(4)) + [1, 0, 0, 0], contentEncoding: "gzip",
            error: .corrupt("the gzip checksum does not match")),
        Refusal(
            label: "a size larger than the body", wire: Array(gzipped.dropLast(4)) + [0xFF, 0xFF, 0, 0],
            contentEncoding: "gzip", error: .corrupt("the gzip checksum does not match")),
        Refusal(
            label: "garbage after the member", wire: gzipped + Array("trailing".utf8), contentEncoding: "gzip",
            error: .corrupt("it is not gzip")),
        Refusal(
            label: "a method other than deflate", wire: [0x1F, 0x8B, 7] + gzipped[3...], contentEncoding: "gzip",
            error: .corrupt("gzip compression method 7 is not deflate")),
        Refusal(
            label: "reserved flags", wire: [0x1F, 0x8B, 8, 0x20] + gzipped[4...], contentEncoding: "gzip",
            error: .corrupt("gzip header has reserved flags set")),
        Refusal(
            label: "a file name that never ends", wire: [0x1F, 0x8B, 8, 8, 0, 0, 0, 0, 0, 3] + Array("name".utf8),
            contentEncoding: "gzip", error: .corrupt("gzip header ends early")),
        Refusal(
            label: "deflate followed by more bytes", wire: GzipFixture.zlibStream(body) + [0],
            contentEncoding: "deflate",
            error: .corrupt("bytes follow the compressed stream")),
    ]

    @Test(arguments: damaged)
    func refusesWhatCannotBeDecoded(_ refusal: Refusal) {
        #expect(throws: refusal.error) {
            try ContentDecoding.decode(refusal.wire, contentEncoding: refusal.contentEncoding, limit: 1 << 20)
        }
    }

    @Test(arguments: ["gzip", "deflate"])
    func stopsABombAtTheLimit(_ coding: String) {
        // 64 MiB of zeros compresses to ≈64 KiB: decoding stops at the 1 MiB bound.
        let zeros = [UInt8](repeating: 0, count: 64 << 20)
        let wire = coding == "gzip" ? GzipFixture.gzip(zeros) : GzipFixture.zlibStream(zeros)
        #expect(wire.count < 100_000)
        #expect(throws: BodyCodingError.tooLarge(limit: 1 << 20)) {
            try ContentDecoding.decode(wire, contentEncoding: coding, limit: 1 << 20)
        }
    }

    @Test func namesTheWholeLimitWhenALaterGzipMemberPassesIt() {
        let wire = GzipFixture.gzip(Self.body) + GzipFixture.gzip([UInt8](repeating: 0, count: 2 << 20))
        #expect(throws: BodyCodingError.tooLarge(limit: 1 << 20)) {
            try ContentDecoding.decode(wire, contentEncoding: "gzip", limit: 1 << 20)
        }
    }

    @Test func boundsAnIdentityBodyToo() {
        #expect(throws: BodyCodingError.tooLarge(limit: 10)) {
            try ContentDecoding.decode(Self.body, contentEncoding: nil, limit: 10)
        }
    }

    @Test func anEmptyBodyNamingItsEncodingIsEmpty() throws {
        let decoded = try ContentDecoding.decode([], contentEncoding: "gzip", limit: 10)
        #expect(decoded.body.isEmpty)
        #expect(decoded.stored == nil)
    }
}
