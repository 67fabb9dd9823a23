import BodyCoding

/// The `Content-Encoding` a body is sent in, from the client's `Accept-Encoding`: a stored
/// zlib stream goes as it is to a client that accepts `deflate`, once checked to decode; other
/// bodies are compressed with gzip (or deflate, when that is all it accepts), and small ones not
/// at all.
enum ContentNegotiation {
    /// Below this, compressing saves less than it costs.
    static let smallestCompressed = 1024

    /// The codings a client accepts, from its `Accept-Encoding` (q=0 refuses one, `*` stands
    /// for the others).
    struct Accepted: Equatable {
        var gzip = false
        var deflate = false

        init(_ header: String?) {
            guard let header else { return }
            var wildcard: Bool?
            var named: [String: Bool] = [:]
            for item in header.split(separator: ",") {
                let parts = item.split(separator: ";")
                guard let token = parts.first?.trimmingSpaces.lowercased(), !token.isEmpty else { continue }
                let refused = parts.dropFirst().contains { parameter in
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { return false }
                    return Double(pair[1].trimmingSpaces).map { $0 <= 0 } ?? false
                }
                if token == "*" { wildcard = !refused } else { named[token] = !refused }
            }
            gzip = named["gzip"] ?? named["x-gzip"] ?? wildcard ?? false
            deflate = named["deflate"] ?? wildcard ?? false
        }
    }

    /// The bytes to send, in the `Content-Encoding` they name.
    static func encode(
        _ body: ResponseBody, accepted: Accepted, isCompressible: Bool, compressor: () -> ResponseCompressor
    ) throws -> OutgoingBody {
        if case .stored(let stored) = body, stored.encoding == .zlib, accepted.deflate, isCompressible {
            // Decoded once and dropped before the stream goes out as it is: a damaged row must be a
            // 500 for this client too, not bytes its inflater stops at in silence.
            try OutgoingBody(body).release()
            return try stored.bytes.withUnsafeBytes { try OutgoingBody(copying: $0, encoding: "deflate") }
        }
        let plain = try OutgoingBody(body)
        guard isCompressible, plain.count >= smallestCompressed, accepted.gzip || accepted.deflate else { return plain }
        defer { plain.release() }
        let compressed = accepted.gzip ? compressor().gzip(plain.contents) : compressor().zlib(plain.contents)
        return try compressed.withUnsafeBytes {
            try OutgoingBody(copying: $0, encoding: accepted.gzip ? "gzip" : "deflate")
        }
    }
}
