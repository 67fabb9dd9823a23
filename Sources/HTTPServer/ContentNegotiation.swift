import BodyCoding

/// The `Content-Encoding` a body is sent in, from the client's `Accept-Encoding`: a stored
/// zlib stream goes as it is to a client that accepts `deflate` at least as much as gzip, once
/// checked to decode; other bodies are compressed in the coding the client ranks higher (gzip on a
/// tie), and small ones not at all.
enum ContentNegotiation {
    /// Below this, compressing saves less than it costs.
    static let smallestCompressed = 1024

    /// The codings a client accepts, from its `Accept-Encoding`, with their q-values (q=0
    /// refuses one, `*` stands for the others).
    struct Accepted: Equatable {
        private(set) var gzipQuality = 0.0
        private(set) var deflateQuality = 0.0

        var gzip: Bool { gzipQuality > 0 }
        var deflate: Bool { deflateQuality > 0 }

        init(_ header: String?) {
            guard let header else { return }
            var wildcard: Double?
            var named: [String: Double] = [:]
            for item in header.split(separator: ",") {
                let parts = item.split(separator: ";")
                guard let token = parts.first?.trimmingSpaces.lowercased(), !token.isEmpty else { continue }
                let quality =
                    parts.dropFirst().lazy.compactMap { parameter -> Double? in
                        let pair = parameter.split(separator: "=", maxSplits: 1)
                        guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { return nil }
                        return Double(pair[1].trimmingSpaces).flatMap { $0.isNaN ? nil : min(max($0, 0), 1) }
                    }.first ?? 1
                if token == "*" { wildcard = quality } else { named[token] = quality }
            }
            gzipQuality = named["gzip"] ?? named["x-gzip"] ?? wildcard ?? 0
            deflateQuality = named["deflate"] ?? wildcard ?? 0
        }

        /// Whether to send deflate rather than gzip: the one the client ranks higher, and on a
        /// tie deflate only when it costs less (`favouringDeflate`, a stored zlib stream).
        func prefersDeflate(favouringDeflate: Bool) -> Bool {
            guard deflate else { return false }
            return deflateQuality > gzipQuality || (deflateQuality == gzipQuality && favouringDeflate)
        }
    }

    /// The bytes to send, in the `Content-Encoding` they name.
    static func encode(
        _ body: ResponseBody, accepted: Accepted, isCompressible: Bool, compressor: () -> ResponseCompressor
    ) throws -> OutgoingBody {
        if case .stored(let stored) = body, stored.encoding == .zlib, isCompressible,
            accepted.prefersDeflate(favouringDeflate: true)
        {
            // Decoded once and dropped before the stream goes out as it is: a damaged row must be a
            // 500 for this client too, not bytes its inflater stops at in silence.
            try OutgoingBody(body).release()
            return try stored.bytes.withUnsafeBytes { try OutgoingBody(copying: $0, encoding: "deflate") }
        }
        let plain = try OutgoingBody(body)
        guard isCompressible, plain.count >= smallestCompressed, accepted.gzip || accepted.deflate else { return plain }
        defer { plain.release() }
        let inDeflate = accepted.prefersDeflate(favouringDeflate: false)
        let compressed = inDeflate ? compressor().zlib(plain.contents) : compressor().gzip(plain.contents)
        return try compressed.withUnsafeBytes {
            try OutgoingBody(copying: $0, encoding: inDeflate ? "deflate" : "gzip")
        }
    }
}
