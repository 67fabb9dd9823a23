import LoopbackHTTP
import PNGDecoding
import PNGTestSupport
import Testing

/// Bytes that are not a whole, valid PNG: each gives one line of error, never a crash and never
/// an image.
@Suite struct MalformedPNGTests {
    static let sample = SampleImage.random(.rgba, bitDepth: 8, width: 5, height: 4)
    static let interlacedPalette = SampleImage.random(
        .palette, bitDepth: 4, width: 9, height: 7, transparency: true, interlaced: true)

    static func error(decoding bytes: [UInt8], maxPixels: Int = 4096 * 4096) -> PNGDecodeError? {
        do {
            _ = try PNGDecoder.decode(bytes, maxPixels: maxPixels)
            return nil
        } catch {
            return error
        }
    }

    static func isOneLine(_ error: PNGDecodeError?) -> Bool {
        guard let text = error?.description else { return false }
        return !text.isEmpty && !text.contains { $0.isNewline } && text.unicodeScalars.allSatisfy { $0.value >= 0x20 }
    }

    @Test(arguments: [
        ([UInt8](), PNGDecodeError.truncated),
        ([0x89, 0x50, 0x4E], .truncated),
        (Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), .notPNG),
        (Array("<!DOCTYPE html><html>Not Found</html>".utf8), .notPNG),
        (Array("\u{89}PNG\n\u{1A}\n".utf8), .notPNG),  // the signature through a text-mode transfer
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .truncated),
    ])
    func refusesWhatIsNotAPNG(bytes: [UInt8], expected: PNGDecodeError) {
        #expect(Self.error(decoding: bytes) == expected)
    }

    /// Every prefix of two files, cut anywhere from inside the signature to inside the IEND
    /// chunk's CRC, is refused.
    @Test(arguments: [sample, interlacedPalette])
    func refusesEveryTruncation(_ image: SampleImage) throws {
        let bytes = image.png()
        let accepted = (0..<bytes.count).filter { Self.error(decoding: Array(bytes.prefix($0))) == nil }
        #expect(accepted.isEmpty, "prefixes decoded as images: \(accepted)")
        let errors = Set((0..<bytes.count).compactMap { Self.error(decoding: Array(bytes.prefix($0))) })
        #expect(errors.allSatisfy(Self.isOneLine), "\(errors)")
        #expect(errors.contains(.truncated))
        #expect(try PNGDecoder.decode(bytes).pixels == image.expectedRGBA())
    }

    @Test(arguments: ["IHDR", "PLTE", "IDAT"])
    func refusesABadCRCInACriticalChunk(type: String) {
        var chunks = Self.interlacedPalette.chunks()
        let index = chunks.firstIndex { $0.type == type }!
        chunks[index].crcOverride = 0xDEAD_BEEF
        let error = Self.error(decoding: PNGChunk.file(chunks))
        #expect(Self.isOneLine(error))
        #expect(error?.description.contains("CRC") == true, "\(String(describing: error))")
    }

    /// libpng's default for an ancillary chunk with a bad CRC: drop the chunk, keep the image.
    @Test func skipsAnAncillaryChunkWithABadCRC() throws {
        var chunks = Self.sample.chunks()
        chunks.insert(PNGChunk(type: "tEXt", data: Array("Title\0x".utf8), crcOverride: 0), at: 1)
        #expect(try PNGDecoder.decode(PNGChunk.file(chunks)).pixels == Self.sample.expectedRGBA())
    }

    /// Image data that is not a valid zlib stream, or ends early, or holds too few bytes.
    static let imageDataCorruptions: [(String, @Sendable ([UInt8]) -> [UInt8])] = [
        ("header check", { [0x78, 0x02] + $0.dropFirst(2) }),
        ("reserved block type", { [0x78, 0x01, 0x07] + $0.dropFirst(3) }),
        ("stored length mismatch", { $0.enumerated().map { $0.offset == 5 ? ~$0.element : $0.element } }),
        ("adler32", { $0.dropLast(1) + [$0.last! ^ 1] }),
        ("too little image data", { _ in Zlib.stored([0, 1, 2, 3]) }),
        ("empty", { _ in [] }),
    ]

    @Test(arguments: imageDataCorruptions)
    func refusesBadImageData(name: String, corrupt: @Sendable ([UInt8]) -> [UInt8]) {
        var chunks = Self.sample.chunks()
        chunks[1].data = corrupt(chunks[1].data)
        let error = Self.error(decoding: PNGChunk.file(chunks))
        #expect(error != nil, "\(name)")
        #expect(Self.isOneLine(error), "\(name): \(String(describing: error))")
    }

    @Test(arguments: [
        (UInt32(4097), UInt32(4096), "image too large: 4097×4096"),
        (UInt32(1_000_000), UInt32(1_000_000), "image too large: 1000000×1000000"),
        (UInt32(1_000_000), UInt32(17), "image too large: 1000000×17"),
    ])
    func refusesOversizedDimensionsFromTheHeader(width: UInt32, height: UInt32, expected: String) {
        // No IDAT: the size is refused from IHDR alone, before anything is allocated for pixels.
        let bytes = PNGChunk.file([
            .header(width: width, height: height, bitDepth: 8, colourType: 6),
            PNGChunk(type: "IDAT", data: Zlib.stored([0])), .end,
        ])
        #expect(Self.error(decoding: bytes)?.description == expected)
    }

    @Test func maxPixelsIsInclusive() throws {
        let bytes = SampleImage.random(.grey, bitDepth: 8, width: 10, height: 10).png()
        #expect(try PNGDecoder.decode(bytes, maxPixels: 100).width == 10)
        #expect(Self.error(decoding: bytes, maxPixels: 99) == PNGDecodeError("image too large: 10×10"))
    }

    /// Headers libpng itself refuses: zero or over-limit sizes, depths and colour types that do
    /// not exist, a palette image without PLTE, an unknown critical chunk.
    @Test(arguments: [
        ("zero width", [PNGChunk.header(width: 0, height: 4, bitDepth: 8, colourType: 6)]),
        (
            "width over libpng's limit of 10⁶",
            [PNGChunk.header(width: 1_000_001, height: 1, bitDepth: 8, colourType: 6)]
        ),
        ("width over 2³¹", [PNGChunk.header(width: 0x8000_0000, height: 1, bitDepth: 8, colourType: 6)]),
        ("depth 3", [PNGChunk.header(width: 4, height: 4, bitDepth: 3, colourType: 0)]),
        ("RGB at depth 4", [PNGChunk.header(width: 4, height: 4, bitDepth: 4, colourType: 2)]),
        ("colour type 5", [PNGChunk.header(width: 4, height: 4, bitDepth: 8, colourType: 5)]),
        ("palette without PLTE", [PNGChunk.header(width: 4, height: 4, bitDepth: 8, colourType: 3)]),
        (
            "unknown critical chunk",
            [PNGChunk.header(width: 4, height: 4, bitDepth: 8, colourType: 6), PNGChunk(type: "CRIT", data: [1])]
        ),
        ("IDAT before IHDR", [PNGChunk(type: "IDAT", data: Zlib.stored([0]))]),
    ])
    func refusesInvalidHeaders(name: String, leading: [PNGChunk]) {
        let bytes = PNGChunk.file(
            leading + [PNGChunk(type: "IDAT", data: Zlib.stored(Array(repeating: 0, count: 80))), .end])
        let error = Self.error(decoding: bytes)
        #expect(error != nil, "\(name)")
        #expect(Self.isOneLine(error), "\(name): \(String(describing: error))")
    }

    /// Random byte flips all over a valid file: decoded or refused, but never a crash.
    @Test func survivesRandomCorruption() {
        let bytes = Self.interlacedPalette.png()
        var random = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            var corrupted = bytes
            for _ in 0..<1 + random.below(4) {
                corrupted[8 + random.below(corrupted.count - 8)] = UInt8(random.below(256))
            }
            if let error = Self.error(decoding: corrupted) { #expect(Self.isOneLine(error), "\(error)") }
        }
    }
}
