/// A PNG colour type (PNG specification, table 11.1) and the samples a pixel has in it.
public enum PNGColourType: UInt8, CaseIterable, Sendable {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    public var channels: Int {
        switch self {
        case .grey, .palette: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }
}

/// An image as raw PNG samples, which tests encode into a PNG file and from which they work out,
/// independently of libpng, the RGBA pixels a decoder must produce.
public struct SampleImage: Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var colourType: PNGColourType
    public var bitDepth: Int
    /// `width × height × channels` samples, row-major; palette indices for `.palette`.
    public var samples: [UInt16]
    /// RGB entries, for `.palette`.
    public var palette: [(red: UInt8, green: UInt8, blue: UInt8)]
    /// tRNS for `.palette`: the alpha of the first `paletteAlpha.count` entries (the others are opaque).
    public var paletteAlpha: [UInt8]?
    /// tRNS for `.grey` (one sample) and `.rgb` (three): pixels equal to it are transparent.
    public var transparentColour: [UInt16]?
    public var interlaced: Bool

    public var description: String {
        let transparency = paletteAlpha != nil || transparentColour != nil ? "+tRNS" : ""
        return "\(colourType) \(bitDepth)-bit\(transparency) \(width)×\(height)\(interlaced ? " Adam7" : "")"
    }

    public var maxSample: UInt16 { UInt16((1 << bitDepth) - 1) }

    /// IHDR, PLTE and tRNS when needed, one IDAT, IEND.
    public func chunks() -> [PNGChunk] {
        var chunks = [
            PNGChunk.header(
                width: UInt32(width), height: UInt32(height), bitDepth: UInt8(bitDepth),
                colourType: colourType.rawValue, interlaced: interlaced)
        ]
        if colourType == .palette {
            chunks.append(PNGChunk(type: "PLTE", data: palette.flatMap { [$0.red, $0.green, $0.blue] }))
        }
        if let paletteAlpha { chunks.append(PNGChunk(type: "tRNS", data: paletteAlpha)) }
        if let transparentColour {
            chunks.append(
                PNGChunk(type: "tRNS", data: transparentColour.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
        }
        chunks.append(PNGChunk(type: "IDAT", data: Zlib.stored(filteredScanlines())))
        chunks.append(.end)
        return chunks
    }

    public func png() -> [UInt8] { PNGChunk.file(chunks()) }

    /// Every scanline with filter type 0; for Adam7, the seven passes one after the other (a pass
    /// with no pixels has no scanlines at all).
    private func filteredScanlines() -> [UInt8] {
        guard interlaced else { return scanlines(xs: Array(0..<width), ys: Array(0..<height)) }
        return Self.adam7Passes.reduce(into: []) { data, pass in
            let xs = Array(stride(from: pass.x, to: width, by: pass.dx))
            let ys = Array(stride(from: pass.y, to: height, by: pass.dy))
            if !xs.isEmpty && !ys.isEmpty { data += scanlines(xs: xs, ys: ys) }
        }
    }

    /// Adam7 (PNG specification, 8.2): each pass's first column and row, and its steps.
    static let adam7Passes: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    private func scanlines(xs: [Int], ys: [Int]) -> [UInt8] {
        var data: [UInt8] = []
        for y in ys {
            data.append(0)  // filter type None
            var bits = BitPacker(depth: bitDepth)
            for x in xs {
                for channel in 0..<colourType.channels {
                    bits.append(samples[(y * width + x) * colourType.channels + channel])
                }
            }
            data += bits.finish()
        }
        return data
    }
}

/// Packs samples most significant bit first, 16-bit ones big-endian, the last byte zero-padded.
private struct BitPacker {
    let depth: Int
    var bytes: [UInt8] = []
    var pending: UInt16 = 0
    var pendingBits = 0

    init(depth: Int) { self.depth = depth }

    mutating func append(_ sample: UInt16) {
        switch depth {
        case 16: bytes += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
        case 8: bytes.append(UInt8(sample))
        default:
            pending = pending << depth | sample
            pendingBits += depth
            if pendingBits == 8 {
                bytes.append(UInt8(pending))
                pending = 0
                pendingBits = 0
            }
        }
    }

    mutating func finish() -> [UInt8] {
        if pendingBits > 0 { bytes.append(UInt8(pending << (8 - pendingBits))) }
        return bytes
    }
}

extension SampleImage {
    /// 8-bit RGBA samples as they are, for tests that start from pixels.
    public static func rgba8(width: Int, height: Int, pixels: [UInt8]) -> SampleImage {
        SampleImage(
            width: width, height: height, colourType: .rgba, bitDepth: 8, samples: pixels.map(UInt16.init),
            palette: [], paletteAlpha: nil, transparentColour: nil, interlaced: false)
    }
}
