import CZlib

/// zlib, a second implementation beside the libdeflate pokedex uses: it makes the tests'
/// compressed fixtures and reads back what the store keeps, as sqlite3's `sqlar_uncompress`
/// and Python's `zlib.decompress` would.
enum ZlibReference {
    /// `body` as a zlib stream (RFC 1950), or bare deflate (RFC 1951) when `raw`.
    static func deflate(_ body: [UInt8], level: Int32, raw: Bool = false) -> [UInt8] {
        var stream = z_stream()
        precondition(pokedex_deflate_init(&stream, level, raw ? -MAX_WBITS : MAX_WBITS) == Z_OK)
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(body.count)))
        var output = [UInt8](repeating: 0, count: bound)
        body.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { room in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = UInt32(input.count)
                stream.next_out = room.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = UInt32(bound)
                precondition(CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END)
            }
        }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// zlib's `uncompress` of a whole zlib stream whose decoded size is known (sqlar's way),
    /// or nil when zlib refuses it.
    static func uncompress(_ stream: [UInt8], decodedSize: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: max(decodedSize, 1))
        var produced = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { room in
            CZlib.uncompress(room.baseAddress, &produced, stream, uLong(stream.count))
        }
        return status == Z_OK ? Array(output.prefix(Int(produced))) : nil
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        UInt32(CZlib.crc32_z(0, bytes, bytes.count))
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        UInt32(CZlib.adler32_z(1, bytes, bytes.count))
    }
}
