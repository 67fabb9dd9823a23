import CPNG

/// Decodes PNG bytes with libpng's simplified API, which handles every colour type, bit
/// depth, tRNS and Adam7 interlace, and reports errors through a message instead of longjmp
/// (Swift cannot survive a longjmp across its frames).
public enum PNGDecoder {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes `bytes` into 8-bit RGBA.
    ///
    /// 16-bit samples are scaled to 8 bits (v × 255 / 65535, rounded) rather than read as linear
    /// light, unless the file says otherwise with gAMA/sRGB: almost every 16-bit PNG in the wild
    /// is sRGB-encoded. A tRNS chunk becomes alpha (0 for the matching grey/RGB value or per
    /// palette entry, 255 otherwise). See `AdamSixteenBitReading` for 16-bit Adam7 files.
    ///
    /// - Parameter maxPixels: images with more pixels are refused from their header, before
    ///   any pixel memory is allocated.
    /// - Throws: `PNGDecodeError` with a one-line description: not a PNG, truncated, too large,
    ///   or libpng's own message (bad CRC, bad zlib data, invalid header…).
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 4096 * 4096) throws(PNGDecodeError) -> RGBAImage {
        guard bytes.count >= signature.count else {
            throw bytes.elementsEqual(signature.prefix(bytes.count)) ? .truncated : .notPNG
        }
        guard bytes.prefix(signature.count).elementsEqual(signature) else { throw .notPNG }
        // libpng reads from the buffer until finish_read: both calls stay inside this closure.
        return try bytes.withUnsafeBytes { buffer in decode(buffer, maxPixels: maxPixels) }.get()
    }

    private static func decode(_ buffer: UnsafeRawBufferPointer, maxPixels: Int) -> Result<RGBAImage, PNGDecodeError> {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
            return .failure(failure(of: image))
        }

        let width = Int(image.width)
        let height = Int(image.height)
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= maxPixels else {
            png_image_free(&image)
            return .failure(.tooLarge(width: width, height: height))
        }

        let decoded: Result<RGBAImage, PNGDecodeError>
        if AdamSixteenBitReading.applies(to: image, header: buffer) {
            decoded = AdamSixteenBitReading.finish(&image, pixelCount: pixelCount)
        } else {
            decoded = finishEightBitRGBA(&image, pixelCount: pixelCount)
        }
        return decoded.flatMap { PNGChunkFraming.reachesEnd(buffer) ? .success($0) : .failure(.truncated) }
    }

    private static func finishEightBitRGBA(_ image: inout png_image, pixelCount: Int) -> Result<
        RGBAImage, PNGDecodeError
    > {
        let width = Int(image.width)
        image.format = CPNG_FORMAT_RGBA
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        var pixels = [UInt8](repeating: 0, count: pixelCount * 4)
        // finish_read frees libpng's state itself, on success and on failure.
        let finished = pixels.withUnsafeMutableBytes { output in
            png_image_finish_read(&image, nil, output.baseAddress, png_int_32(width * 4), nil)
        }
        guard finished != 0 else { return .failure(failure(of: image)) }
        return .success(RGBAImage(width: width, height: Int(image.height), pixels: pixels))
    }

    /// libpng's message, made one line; its "read beyond end of data" is the user's "truncated".
    static func failure(of image: png_image) -> PNGDecodeError {
        var message = image.message
        let text = withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if text.isEmpty { return PNGDecodeError("invalid PNG") }
        if text.contains("read beyond end of data") { return .truncated }
        let oneLine = text.map { $0.isNewline || $0 == "\t" ? " " : $0 }
        return PNGDecodeError("invalid PNG: " + String(oneLine))
    }
}
