/// A zlib stream of stored (uncompressed) deflate blocks: all a PNG encoder for tests needs.
public enum Zlib {
    public static func stored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary; (0x7801 % 31 == 0)
        var start = 0
        repeat {
            let end = min(start + 65535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        out.appendBigEndian(PNGChecksums.adler32(data))
        return out
    }
}
