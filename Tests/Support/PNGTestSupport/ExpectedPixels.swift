extension SampleImage {
    /// The RGBA8 pixels libpng's simplified API returns for this image when no gAMA, sRGB or
    /// iCCP chunk is present and 16-bit samples are taken as sRGB (PNG_IMAGE_FLAG_16BIT_sRGB):
    ///
    /// - a sample of depth d < 8 is scaled by bit replication, v × 255 / (2^d − 1), exact;
    /// - a 16-bit sample is rounded to the nearest 8-bit value, (v × 255 + 32767) / 65535;
    /// - grey is copied into red, green and blue;
    /// - alpha is 255 unless a channel or tRNS says otherwise; a tRNS match (compared at the
    ///   file's own depth) gives alpha 0 and keeps the pixel's colour; palette entries past the
    ///   end of tRNS are opaque. Colours are never premultiplied.
    ///
    /// 16-bit Adam7 images go through PNGDecoder's premultiplied 16-bit reading: a pixel with
    /// alpha 0 comes out (0, 0, 0, 0), and a partly transparent one may differ by one step in
    /// colour (`colourTolerance`).
    public func expectedRGBA() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        let channels = colourType.channels
        for pixel in 0..<(width * height) {
            let sample = Array(samples[(pixel * channels)..<((pixel + 1) * channels)])
            switch colourType {
            case .grey:
                let grey = to8Bits(sample[0])
                out += [grey, grey, grey, transparentColour == sample ? 0 : 255]
            case .greyAlpha:
                let grey = to8Bits(sample[0])
                out += [grey, grey, grey, to8Bits(sample[1])]
            case .rgb:
                out += sample.map(to8Bits) + [transparentColour == sample ? 0 : 255]
            case .rgba:
                out += sample.map(to8Bits)
            case .palette:
                let index = Int(sample[0])
                let entry = palette[index]
                let alpha = paletteAlpha.flatMap { index < $0.count ? $0[index] : nil } ?? 255
                out += [entry.red, entry.green, entry.blue, alpha]
            }
        }
        if readsPremultiplied {
            for pixel in 0..<(width * height) where hasZeroAlpha(pixel: pixel) {
                out.replaceSubrange((pixel * 4)..<(pixel * 4 + 3), with: [0, 0, 0])
            }
        }
        return out
    }

    private var readsPremultiplied: Bool { interlaced && bitDepth == 16 }

    /// Alpha 0 at the file's own depth (a 16-bit alpha of 1…128 still rounds to 8-bit 0).
    private func hasZeroAlpha(pixel: Int) -> Bool {
        let sample = Array(samples[(pixel * colourType.channels)..<((pixel + 1) * colourType.channels)])
        switch colourType {
        case .greyAlpha, .rgba: return sample.last == 0
        case .grey, .rgb: return sample == transparentColour
        case .palette: return false
        }
    }

    /// How far a decoded colour channel may be from `expectedRGBA` for a pixel of this (8-bit)
    /// alpha: premultiplied 16-bit colour keeps less than one 8-bit step under alpha ≥ 1/255 and
    /// nothing worth comparing under less.
    public func colourTolerance(alpha: UInt8) -> Int {
        guard readsPremultiplied else { return 0 }
        switch alpha {
        case 255: return 0
        case 0: return 255
        default: return 1
        }
    }

    public func to8Bits(_ sample: UInt16) -> UInt8 {
        switch bitDepth {
        case 16: UInt8((UInt32(sample) * 255 + 32767) / 65535)
        case 8: UInt8(sample)
        default: UInt8(UInt32(sample) * 255 / UInt32(maxSample))
        }
    }
}
