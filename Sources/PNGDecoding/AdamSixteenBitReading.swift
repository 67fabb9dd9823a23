import CPNG

/// 16-bit Adam7 images, read around libpng's own 16-to-8-bit path for them: that path overflows
/// the output buffer before libpng 1.6.51 (CVE-2025-65018) and, from 1.6.51 on, combines each
/// pass with stale rows, so about half the pixels come out wrong (libpng issue #853).
///
/// Instead, libpng writes 16-bit linear RGBA, which takes no 16-to-8 step: with no gAMA or
/// sRGB chunk the samples come through unchanged, colour premultiplied by alpha. Undoing the
/// premultiplication and rounding to 8 bits then gives the non-interlaced result exactly for
/// opaque pixels (and within one step for partly transparent ones); a fully transparent pixel
/// comes out black. Limitation: a gAMA or sRGB chunk in such a file makes libpng convert to
/// linear light, which is then shown as if it were sRGB (too dark).
enum AdamSixteenBitReading {
    /// Whether the image begun in `image` is 16-bit Adam7. The simplified API does not expose
    /// interlacing, so it is read from IHDR, which begin_read has validated as the first chunk
    /// (length 13 at offset 8, so its bit depth is byte 24 and its interlace method byte 28).
    static func applies(to image: png_image, header: UnsafeRawBufferPointer) -> Bool {
        image.format & png_uint_32(PNG_FORMAT_FLAG_LINEAR) != 0 && header.count > 28 && header[24] == 16
            && header[28] == 1
    }

    static func finish(_ image: inout png_image, pixelCount: Int) -> Result<RGBAImage, PNGDecodeError> {
        let width = Int(image.width)
        image.format = CPNG_FORMAT_RGBA | png_uint_32(PNG_FORMAT_FLAG_LINEAR)
        var linear = [UInt16](repeating: 0, count: pixelCount * 4)
        let finished = linear.withUnsafeMutableBytes { output in
            // The stride of 16-bit formats is in samples, not bytes.
            png_image_finish_read(&image, nil, output.baseAddress, png_int_32(width * 4), nil)
        }
        guard finished != 0 else { return .failure(PNGDecoder.failure(of: image)) }
        var pixels = [UInt8](repeating: 0, count: pixelCount * 4)
        for pixel in 0..<pixelCount {
            let base = pixel * 4
            let alpha = UInt32(linear[base + 3])
            pixels[base + 3] = eightBits(alpha)
            guard alpha > 0 else { continue }
            for channel in 0..<3 {
                let colour = min(65535, (UInt32(linear[base + channel]) * 65535 + alpha / 2) / alpha)
                pixels[base + channel] = eightBits(colour)
            }
        }
        return .success(RGBAImage(width: Int(image.width), height: Int(image.height), pixels: pixels))
    }

    /// The nearest 8-bit value, as libpng's png_set_scale_16 computes it.
    private static func eightBits(_ sample: UInt32) -> UInt8 { UInt8((sample * 255 + 32767) / 65535) }
}
