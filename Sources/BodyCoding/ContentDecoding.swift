/// `Content-Encoding` undone. pokedex asks for gzip and deflate only (`acceptEncoding`), and
/// decodes them itself so that the compressed bytes can be stored as they arrived.
public enum ContentDecoding {
    /// The `Accept-Encoding` every request sends.
    public static let acceptEncoding = "gzip, deflate"

    /// `wire` decoded as `contentEncoding` says, refusing (`tooLarge`) as soon as the decoded
    /// bytes would pass `limit`: a small body that inflates without end is cut there.
    public static func decode(
        _ wire: [UInt8], contentEncoding: String?, limit: Int
    ) throws(BodyCodingError) -> DecodedBody {
        let codings = (contentEncoding ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingSpaces }.filter { !$0.isEmpty && $0 != "identity" }
        // A status without a body (304, HEAD, an empty error) may still name its encoding.
        guard !codings.isEmpty, !wire.isEmpty else {
            guard wire.count <= limit else { throw .tooLarge(limit: limit) }
            return DecodedBody(body: wire, stored: nil)
        }
        guard codings.count == 1 else { throw .unsupportedEncoding(codings.joined(separator: ", ")) }
        return try wire.withBytes { (wire) throws(BodyCodingError) in
            switch codings[0] {
            case "gzip", "x-gzip": return try gunzip(wire, limit: limit)
            case "deflate": return try inflate(wire, limit: limit)
            default: throw .unsupportedEncoding(codings[0])
            }
        }
    }

    /// One gzip member, stored reframed; several members (rare, but allowed) joined, and
    /// stored compressed again.
    private static func gunzip(_ wire: UnsafeRawBufferPointer, limit: Int) throws(BodyCodingError) -> DecodedBody {
        var body: [UInt8] = []
        var start = 0
        var firstDeflate = 0..<0
        repeat {
            let member = UnsafeRawBufferPointer(rebasing: wire[start...])
            let header = try GzipMember(header: member)
            // The size the last trailer states: one allocation for the usual single member.
            let sizeHint =
                wire.count < GzipMember.trailerSize
                ? 0
                : Int(
                    exactly: GzipMember.trailer(UnsafeRawBufferPointer(rebasing: wire.suffix(GzipMember.trailerSize)))
                        .size)
                    ?? .max
            let inflated: (output: [UInt8], consumed: Int)
            do {
                inflated = try DeflateCodec.inflate(
                    UnsafeRawBufferPointer(rebasing: member[header.deflateStart...]), framing: .raw,
                    limit: limit - body.count, sizeHint: sizeHint)
            } catch .tooLarge {
                // The limit is the whole body's, not what the members before left of it.
                throw .tooLarge(limit: limit)
            }
            let (output, consumed) = inflated
            let trailerStart = header.deflateStart + consumed
            guard trailerStart + GzipMember.trailerSize <= member.count else {
                throw .corrupt("the gzip trailer is missing")
            }
            let trailer = GzipMember.trailer(UnsafeRawBufferPointer(rebasing: member[trailerStart...]))
            guard trailer.crc == output.withUnsafeBytes(DeflateCodec.crc32),
                trailer.size == UInt32(truncatingIfNeeded: output.count)
            else { throw .corrupt("the gzip checksum does not match") }
            if start == 0 { firstDeflate = header.deflateStart..<trailerStart }
            if body.isEmpty { body = output } else { body.append(contentsOf: output) }
            start += trailerStart + GzipMember.trailerSize
        } while start < wire.count
        guard firstDeflate.upperBound + GzipMember.trailerSize == wire.count else {
            return DecodedBody(body: body, stored: nil)
        }
        let deflate = UnsafeRawBufferPointer(rebasing: wire[firstDeflate])
        return DecodedBody(body: body, stored: StoredBody.reframing(deflate: deflate, of: body))
    }

    /// HTTP's "deflate" is a zlib stream; some servers send bare deflate under that name.
    private static func inflate(_ wire: UnsafeRawBufferPointer, limit: Int) throws(BodyCodingError) -> DecodedBody {
        let isZlib =
            wire.count >= 2 && wire[0] & 0x0F == 8 && wire[0] >> 4 <= 7 && wire[1] & 0x20 == 0
            && (UInt16(wire[0]) << 8 | UInt16(wire[1])) % 31 == 0
        let (body, consumed) = try DeflateCodec.inflate(
            wire, framing: isZlib ? .zlib : .raw, limit: limit, sizeHint: .max)
        guard consumed == wire.count else { throw .corrupt("bytes follow the compressed stream") }
        let stored =
            isZlib
            ? StoredBody.keeping(zlib: Array(wire), of: body) : StoredBody.reframing(deflate: wire, of: body)
        return DecodedBody(body: body, stored: stored)
    }
}
extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
