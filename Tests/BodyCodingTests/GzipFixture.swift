/// gzip and deflate bodies built by zlib (not the libdeflate under test), with the header fields and
/// damage each case needs: what servers send, and what a hostile one might.
enum GzipFixture {
    struct HeaderFields {
        var name: String?
        var comment: String?
        var extra: [UInt8]?
        var headerCRC = false
    }

    /// Bare deflate (RFC 1951).
    static func rawDeflate(_ body: [UInt8], level: Int32 = 6) -> [UInt8] {
        ZlibReference.deflate(body, level: level, raw: true)
    }

    static func zlibStream(_ body: [UInt8], level: Int32 = 6) -> [UInt8] {
        ZlibReference.deflate(body, level: level)
    }

    static func gzip(_ body: [UInt8], fields: HeaderFields = HeaderFields()) -> [UInt8] {
        var flags: UInt8 = 0
        var optional: [UInt8] = []
        if let extra = fields.extra {
            flags |= 4
            optional += [UInt8(extra.count & 0xFF), UInt8(extra.count >> 8)] + extra
        }
        if let name = fields.name {
            flags |= 8
            optional += Array(name.utf8) + [0]
        }
        if let comment = fields.comment {
            flags |= 16
            optional += Array(comment.utf8) + [0]
        }
        if fields.headerCRC {
            flags |= 2
            optional += [0xAB, 0xCD]  // not checked by gzip readers that skip it, as pokedex does
        }
        let header: [UInt8] = [0x1F, 0x8B, 8, flags, 0, 0, 0, 0, 0, 3]
        return header + optional + rawDeflate(body) + trailer(body)
    }

    static func trailer(_ body: [UInt8]) -> [UInt8] {
        let crc = ZlibReference.crc32(body)
        return littleEndian(crc) + littleEndian(UInt32(truncatingIfNeeded: body.count))
    }

    static func littleEndian(_ word: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }
    }

    /// JSON-like text that compresses as PokeAPI bodies do.
    static func json(repeating count: Int) -> [UInt8] {
        Array(
            (0..<count).map { #"{"name":"move-\#($0)","url":"https://pokeapi.co/api/v2/move/\#($0)/"}"# }
                .joined(separator: ",").utf8)
    }

    /// Bytes no compressor shrinks (a fixed pseudo-random sequence).
    static func incompressible(_ count: Int) -> [UInt8] {
        var state: UInt32 = 0x9E37_79B9
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
    }
}
