/// Small valid PNGs made in the test, so that no fixture image is shipped: 8-bit RGBA,
/// non-interlaced, the image data in stored (uncompressed) deflate blocks, which every zlib
/// inflates.
public enum TestPNG {
    /// A `width`×`height` image whose pixels come from `pixel(x, y)` as (r, g, b, a).
    public static func rgba(
        width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                raw += [r, g, b, a]
            }
        }
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8-bit RGBA, deflate, adaptive filtering, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// A sprite-like image: a coloured square on a transparent background, `seed` choosing its colour.
    public static func sprite(seed: Int, size: Int = 8) -> [UInt8] {
        rgba(width: size, height: size) { x, y in
            let inside = x > 0 && y > 0 && x < size - 1 && y < size - 1
            return inside
                ? (UInt8(truncatingIfNeeded: seed &* 37), UInt8(truncatingIfNeeded: seed &* 91), 200, 255)
                : (0, 0, 0, 0)
        }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let isLast: UInt8 = offset + count == data.count ? 1 : 0
            out += [isLast, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
