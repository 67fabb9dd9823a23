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
        var premultiplied = [SIMD4<Float>](repeating: .zero, count: width * height)
        pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<(width * height) {
                let base = index * 4
                let alpha = Float(pixels[base + 3])
                premultiplied[index] =
                    SIMD4(Float(pixels[base]), Float(pixels[base + 1]), Float(pixels[base + 2]), 1) * alpha
            }
        }
        // Across each row, then down each column of the result.
        let across = Self.resample(
            premultiplied, by: columns, lines: height,
            strides: Strides(sourceAlong: 1, sourceAcross: width, targetAlong: 1, targetAcross: newWidth))
        let sums = Self.resample(
            across, by: rows, lines: newWidth,
            strides: Strides(sourceAlong: newWidth, sourceAcross: 1, targetAlong: newWidth, targetAcross: 1))
        // Back from premultiplied sums to colour, and from summed alpha to coverage.
        let area = columns.scale * rows.scale
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for (index, sum) in sums.enumerated() where sum.w > 0 {
            let base = index * 4
            out[base] = Self.channel(sum.x / sum.w)
            out[base + 1] = Self.channel(sum.y / sum.w)
            out[base + 2] = Self.channel(sum.z / sum.w)
            out[base + 3] = Self.channel(sum.w / area)
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Where pixel `along` of line `across` is, in a source or target buffer.
    private struct Strides {
        let sourceAlong, sourceAcross, targetAlong, targetAcross: Int
    }

    /// Resamples `lines` lines of `source` along one axis: each target pixel is the weighted sum
    /// of the source pixels `weights` gives it.
    private static func resample(
        _ source: [SIMD4<Float>], by weights: AreaWeights, lines: Int, strides: Strides
    ) -> [SIMD4<Float>] {
        var target = [SIMD4<Float>](repeating: .zero, count: weights.targetCount * lines)
        source.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in
                for line in 0..<lines {
                    for index in 0..<weights.targetCount {
                        var sum = SIMD4<Float>.zero
                        for tap in weights.taps(of: index) {
                            sum +=
                                source[weights.sources[tap] * strides.sourceAlong + line * strides.sourceAcross]
                                * weights.weights[tap]
                        }
                        target[index * strides.targetAlong + line * strides.targetAcross] = sum
                    }
                }
            }
        }
        return target
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

    var targetCount: Int { firstTap.count - 1 }

    func taps(of index: Int) -> Range<Int> { firstTap[index]..<firstTap[index + 1] }
}
