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
        var across = [Double](repeating: 0, count: newWidth * height * 4)
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<newWidth {
                    var sums: (Double, Double, Double, Double) = (0, 0, 0, 0)
                    for (source, weight) in columns.taps[x] {
                        let base = (y * width + source) * 4
                        let alphaWeight = Double(pixels[base + 3]) * weight
                        sums.0 += Double(pixels[base]) * alphaWeight
                        sums.1 += Double(pixels[base + 1]) * alphaWeight
                        sums.2 += Double(pixels[base + 2]) * alphaWeight
                        sums.3 += alphaWeight
                    }
                    let out = (y * newWidth + x) * 4
                    (across[out], across[out + 1], across[out + 2], across[out + 3]) = sums
                }
            }
        }
        // Pass 2, down, then back from premultiplied sums to colour and coverage.
        let area = columns.scale * rows.scale
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                var sums: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for (source, weight) in rows.taps[y] {
                    let base = (source * newWidth + x) * 4
                    sums.0 += across[base] * weight
                    sums.1 += across[base + 1] * weight
                    sums.2 += across[base + 2] * weight
                    sums.3 += across[base + 3] * weight
                }
                let base = (y * newWidth + x) * 4
                guard sums.3 > 0 else { continue }
                out[base] = Self.channel(sums.0 / sums.3)
                out[base + 1] = Self.channel(sums.1 / sums.3)
                out[base + 2] = Self.channel(sums.2 / sums.3)
                out[base + 3] = Self.channel(sums.3 / area)
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: out)
    }

    private static func channel(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
}

/// For each target pixel along one axis, the source pixels it covers and by how much (in source
/// pixels: the weights of one target pixel add up to `scale`).
struct AreaWeights {
    let scale: Double
    let taps: [[(source: Int, weight: Double)]]

    init(source: Int, target: Int) {
        let scale = Double(source) / Double(target)
        self.scale = scale
        taps = (0..<target).map { index in
            let start = Double(index) * scale
            let end = min(Double(source), Double(index + 1) * scale)
            return (Int(start)..<min(source, Int(end.rounded(.up)))).compactMap { source in
                let weight = min(end, Double(source + 1)) - max(start, Double(source))
                return weight > 1e-9 ? (source, weight) : nil
            }
        }
    }
}
