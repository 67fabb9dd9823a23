import PNGDecoding

extension RGBAImage {
    /// The size of this image fitted into `maxWidth` pixels across, aspect ratio kept (height
    /// rounded, at least 1); an image that fits already keeps its size (never scaled up).
    public func size(fittingWidth maxWidth: Int) -> (width: Int, height: Int) {
        guard width > maxWidth, maxWidth > 0 else { return (width, height) }
        return (maxWidth, max(1, (height * maxWidth + width / 2) / width))
    }

    /// This image resampled to `newWidth × newHeight` by an area (box) filter: each new pixel
    /// averages the source area it covers, weighted by coverage and by alpha, so transparent
    /// pixels lend no colour to the edge of the picture (no dark fringe) but do thin its alpha.
    public func scaled(toWidth newWidth: Int, height newHeight: Int) -> RGBAImage {
        if newWidth == width && newHeight == height { return self }
        let columns = AreaWeights(source: width, target: newWidth)
        let rows = AreaWeights(source: height, target: newHeight)
        // Pass 1, across: premultiplied sums for each new column of each source row.
        var across = [Float](repeating: 0, count: newWidth * height * 4)
        pixels.withUnsafeBufferPointer { pixels in
            across.withUnsafeMutableBufferPointer { across in
                for y in 0..<height {
                    for x in 0..<newWidth {
                        var sums = SIMD4<Float>()
                        for tap in columns.taps(of: x) {
                            let base = (y * width + columns.sources[tap]) * 4
                            let alphaWeight = Float(pixels[base + 3]) * columns.weights[tap]
                            sums +=
                                SIMD4(Float(pixels[base]), Float(pixels[base + 1]), Float(pixels[base + 2]), 1)
                                * alphaWeight
                        }
                        let out = (y * newWidth + x) * 4
                        (across[out], across[out + 1], across[out + 2], across[out + 3]) = (
                            sums.x, sums.y, sums.z, sums.w
                        )
                    }
                }
            }
        }
        // Pass 2, down, then back from premultiplied sums to colour and coverage.
        let area = columns.scale * rows.scale
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        across.withUnsafeBufferPointer { across in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<newHeight {
                    for x in 0..<newWidth {
                        var sums = SIMD4<Float>()
                        for tap in rows.taps(of: y) {
                            let base = (rows.sources[tap] * newWidth + x) * 4
                            sums +=
                                SIMD4(across[base], across[base + 1], across[base + 2], across[base + 3])
                                * rows.weights[tap]
                        }
                        guard sums.w > 0 else { continue }
                        let base = (y * newWidth + x) * 4
                        out[base] = Self.channel(sums.x / sums.w)
                        out[base + 1] = Self.channel(sums.y / sums.w)
                        out[base + 2] = Self.channel(sums.z / sums.w)
                        out[base + 3] = Self.channel(sums.w / area)
                    }
                }
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: out)
    }

    private static func channel(_ value: Float) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
}

/// For each target pixel along one axis, the source pixels it covers and by how much (in source
/// pixels: the weights of one target pixel add up to `scale`), flat so the loops above index
/// plain arrays.
struct AreaWeights {
    let scale: Float
    private(set) var sources: [Int] = []
    private(set) var weights: [Float] = []
    /// Target pixel i's taps are `sources[firstTap[i]..<firstTap[i + 1]]`.
    private var firstTap: [Int] = [0]

    init(source: Int, target: Int) {
        let scale = Double(source) / Double(target)
        self.scale = Float(scale)
        for index in 0..<target {
            let start = Double(index) * scale
            let end = min(Double(source), Double(index + 1) * scale)
            for pixel in Int(start)..<min(source, Int(end.rounded(.up))) {
                let weight = min(end, Double(pixel + 1)) - max(start, Double(pixel))
                if weight > 1e-9 {
                    sources.append(pixel)
                    weights.append(Float(weight))
                }
            }
            firstTap.append(sources.count)
        }
    }

    func taps(of index: Int) -> Range<Int> { firstTap[index]..<firstTap[index + 1] }
}
