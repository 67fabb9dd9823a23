/// One chunk of a PNG file, kept apart so tests can corrupt, drop or add chunks before the file
/// is assembled.
public struct PNGChunk: Sendable {
    public var type: String
    public var data: [UInt8]
    /// When set, written instead of the right CRC (to test CRC checking).
    public var crcOverride: UInt32?

    public init(type: String, data: [UInt8], crcOverride: UInt32? = nil) {
        precondition(type.utf8.count == 4, "a chunk type has 4 letters")
        self.type = type
        self.data = data
        self.crcOverride = crcOverride
    }

    /// Length, type, data and CRC, as they appear in the file.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        out += typeAndData
        out.appendBigEndian(crcOverride ?? PNGChecksums.crc32(typeAndData))
        return out
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The signature followed by `chunks`.
    public static func file(_ chunks: [PNGChunk]) -> [UInt8] {
        chunks.reduce(signature) { $0 + $1.bytes }
    }

    /// IHDR; the arguments are written as given, valid or not, so tests can write bad headers.
    public static func header(
        width: UInt32, height: UInt32, bitDepth: UInt8, colourType: UInt8, interlaced: Bool = false
    ) -> PNGChunk {
        var data: [UInt8] = []
        data.appendBigEndian(width)
        data.appendBigEndian(height)
        data += [bitDepth, colourType, 0, 0, interlaced ? 1 : 0]
        return PNGChunk(type: "IHDR", data: data)
    }

    public static let end = PNGChunk(type: "IEND", data: [])
}
