import PNGDecoding
import PNGTestSupport
import Testing

/// Every colour type and bit depth the PNG specification allows, with and without tRNS where it
/// applies, plain and Adam7, decoded by libpng and compared pixel by pixel with RGBA worked out
/// from the samples (PNGTestSupport.expectedRGBA).
@Suite struct ColourTypeDecodingTests {
    static let formats: [(PNGColourType, bitDepth: Int, transparency: Bool)] = [
        (.grey, 1, false), (.grey, 2, false), (.grey, 4, false), (.grey, 8, false), (.grey, 16, false),
        (.grey, 1, true), (.grey, 2, true), (.grey, 4, true), (.grey, 8, true), (.grey, 16, true),
        (.greyAlpha, 8, false), (.greyAlpha, 16, false),
        (.rgb, 8, false), (.rgb, 16, false), (.rgb, 8, true), (.rgb, 16, true),
        (.rgba, 8, false), (.rgba, 16, false),
        (.palette, 1, false), (.palette, 2, false), (.palette, 4, false), (.palette, 8, false),
        (.palette, 1, true), (.palette, 2, true), (.palette, 4, true), (.palette, 8, true),
    ]

    /// 13×11: rows that end mid-byte at depths < 8 and Adam7 passes of uneven sizes; 1×1 and
    /// 3×2: Adam7 passes with no pixels at all (they have no scanlines).
    static let sizes = [(13, 11), (1, 1), (3, 2), (9, 17)]

    static let images: [SampleImage] = formats.flatMap { format in
        sizes.flatMap { size in
            [false, true].map { interlaced in
                SampleImage.random(
                    format.0, bitDepth: format.bitDepth, width: size.0, height: size.1,
                    transparency: format.transparency, interlaced: interlaced)
            }
        }
    }

    @Test(arguments: images)
    func decodesPixelForPixel(_ sample: SampleImage) throws {
        let image = try PNGDecoder.decode(sample.png())
        #expect(image.width == sample.width)
        #expect(image.height == sample.height)
        let expected = sample.expectedRGBA()
        let wrong = (0..<(sample.width * sample.height)).filter { pixel in
            let tolerance = sample.colourTolerance(alpha: expected[pixel * 4 + 3])
            return image.pixels[pixel * 4 + 3] != expected[pixel * 4 + 3]
                || (0..<3).contains {
                    abs(Int(image.pixels[pixel * 4 + $0]) - Int(expected[pixel * 4 + $0])) > tolerance
                }
        }
        #expect(
            wrong.isEmpty,
            "pixels differ at \(wrong.prefix(5)): got \(wrong.prefix(3).map { image.pixels[($0 * 4)..<($0 * 4 + 4)] }), expected \(wrong.prefix(3).map { expected[($0 * 4)..<($0 * 4 + 4)] })"
        )
    }

    /// All 65,536 grey values: the 16-to-8-bit rounding is exact for every one, not just the ends.
    @Test(arguments: [false, true])
    func sixteenBitGreyRoundsEveryValue(interlaced: Bool) throws {
        var sample = SampleImage.random(.grey, bitDepth: 16, width: 256, height: 256, interlaced: interlaced)
        sample.samples = (0...UInt16.max).map { $0 }
        let image = try PNGDecoder.decode(sample.png())
        let expected = sample.expectedRGBA()
        let wrong = (0..<65536).filter { image.pixels[$0 * 4..<$0 * 4 + 4] != expected[$0 * 4..<$0 * 4 + 4] }
        #expect(wrong.isEmpty, "grey values decoded wrong: \(wrong.prefix(10))")
        #expect(image.pixels[(128 * 4)..<(128 * 4 + 4)] == [0, 0, 0, 255], "128/65535 rounds down to 0")
        #expect(image.pixels[(129 * 4)..<(129 * 4 + 4)] == [1, 1, 1, 255], "129/65535 × 255 = 0.502 rounds up")
    }

    /// A 16-bit alpha channel is scaled like the colour channels, and colour is kept (not
    /// premultiplied) under partial and zero alpha.
    @Test func sixteenBitAlphaIsNotPremultiplied() throws {
        var sample = SampleImage.random(.rgba, bitDepth: 16, width: 3, height: 1)
        sample.samples = [65535, 32768, 257, 0, 65535, 32768, 257, 32768, 1000, 2000, 3000, 65535]
        let image = try PNGDecoder.decode(sample.png())
        #expect(image.pixels == [255, 128, 1, 0, 255, 128, 1, 128, 4, 8, 12, 255])
    }

    /// 16-bit Adam7 is read premultiplied (around libpng's broken 16-to-8-bit Adam7 path):
    /// opaque pixels exact, alpha exact, a zero alpha black, colour under partial alpha within
    /// one step.
    @Test func sixteenBitAdam7KeepsColourUnderAlpha() throws {
        var sample = SampleImage.random(.rgba, bitDepth: 16, width: 4, height: 1, interlaced: true)
        sample.samples = [
            65535, 32768, 257, 0, 65535, 32768, 257, 65535, 40000, 20000, 10000, 32768, 40000, 20000, 10000, 300,
        ]
        let image = try PNGDecoder.decode(sample.png())
        #expect(image.pixels.prefix(8) == [0, 0, 0, 0, 255, 128, 1, 255])
        #expect(image.pixels[8..<12] == [156, 78, 39, 128])
        #expect(image.pixels[15] == 1)
        #expect(zip(image.pixels[12..<15], [156, 78, 39]).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    /// Ancillary chunks a decoder does not know (like the sprites' private `caNv`) and text
    /// chunks are skipped.
    @Test func skipsUnknownAncillaryChunks() throws {
        let sample = SampleImage.random(.rgba, bitDepth: 8, width: 4, height: 3)
        var chunks = sample.chunks()
        chunks.insert(PNGChunk(type: "caNv", data: [0, 0, 0, 68, 0, 0, 0, 56]), at: 1)
        chunks.insert(PNGChunk(type: "tEXt", data: Array("Comment\0hello".utf8)), at: 2)
        let image = try PNGDecoder.decode(PNGChunk.file(chunks))
        #expect(image.pixels == sample.expectedRGBA())
    }

    /// The image data split over several IDAT chunks, as encoders do, is one stream.
    @Test func joinsSplitImageData() throws {
        let sample = SampleImage.random(.rgb, bitDepth: 8, width: 7, height: 5)
        var chunks = sample.chunks()
        let data = chunks[1].data
        chunks.replaceSubrange(
            1...1,
            with: stride(from: 0, to: data.count, by: 10).map {
                PNGChunk(type: "IDAT", data: Array(data[$0..<min($0 + 10, data.count)]))
            })
        #expect(try PNGDecoder.decode(PNGChunk.file(chunks)).pixels == sample.expectedRGBA())
    }
}
