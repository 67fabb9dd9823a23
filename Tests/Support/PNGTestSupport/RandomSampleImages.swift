import LoopbackHTTP

extension SampleImage {
    /// Random samples over the full range of the depth, with the extremes (0 and the maximum) in
    /// the first pixels; with `transparency`, a tRNS chunk that about a quarter of the pixels match
    /// (for palettes, a tRNS shorter than the palette so some entries stay opaque).
    public static func random(
        _ colourType: PNGColourType, bitDepth: Int, width: Int, height: Int,
        transparency: Bool = false, interlaced: Bool = false, seed: UInt64 = 1
    ) -> SampleImage {
        var random = SplitMix64(seed: seed &+ UInt64(colourType.rawValue) << 8 &+ UInt64(bitDepth))
        let maxSample = UInt16((1 << bitDepth) - 1)
        var image = SampleImage(
            width: width, height: height, colourType: colourType, bitDepth: bitDepth, samples: [],
            palette: [], paletteAlpha: nil, transparentColour: nil, interlaced: interlaced)
        let count = width * height * colourType.channels
        if colourType == .palette {
            let entries = min(1 << bitDepth, 256)
            image.palette = (0..<entries).map { _ in
                (
                    UInt8(random.below(256)), UInt8(random.below(256)),
                    UInt8(random.below(256))
                )
            }
            image.samples = (0..<count).map { _ in UInt16(random.below(entries)) }
            if transparency {
                image.paletteAlpha = (0..<(entries / 2 + 1)).map { _ in UInt8(random.below(256)) }
                image.paletteAlpha?[0] = 0
            }
            return image
        }
        image.samples = (0..<count).map { index in
            switch index {
            case 0..<colourType.channels: 0
            case colourType.channels..<(2 * colourType.channels): maxSample
            default: UInt16(random.below(Int(maxSample) + 1))
            }
        }
        if transparency {
            let channels = colourType.channels
            let key = (0..<channels).map { _ in UInt16(random.below(Int(maxSample) + 1)) }
            image.transparentColour = key
            for pixel in 0..<(width * height) where pixel % 4 == 3 {
                image.samples.replaceSubrange((pixel * channels)..<((pixel + 1) * channels), with: key)
            }
        }
        return image
    }
}
