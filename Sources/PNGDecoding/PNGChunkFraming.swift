/// The chunk framing of a PNG file, walked after libpng has decoded it: libpng's simplified API
/// stops once it has the pixels, so it accepts a file cut inside or before its IEND chunk.
/// Such a file is still refused as truncated (it was not stored or sent whole).
enum PNGChunkFraming {
    private static let endChunk: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Whether the chunks from the signature on lead, length by length, to a whole IEND chunk
    /// (bytes after it are ignored, as PNG decoders do).
    static func reachesEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = PNGDecoder.signature.count
        while offset + endChunk.count <= bytes.count {
            if bytes[offset..<(offset + endChunk.count)].elementsEqual(endChunk) { return true }
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            offset += 12 + length  // length, type, data, CRC
        }
        return false
    }
}
