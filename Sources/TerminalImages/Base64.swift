/// Standard base64 (RFC 4648, with padding), without Foundation (the query binary does not load it).
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: UInt8(ascii: "="), count: (bytes.count + 2) / 3 * 4)
        out.withUnsafeMutableBufferPointer { out in
            var written = 0
            var index = 0
            while index < bytes.count {
                let rest = min(3, bytes.count - index)
                var group = UInt32(bytes[index]) << 16
                if rest > 1 { group |= UInt32(bytes[index + 1]) << 8 }
                if rest > 2 { group |= UInt32(bytes[index + 2]) }
                // 4 characters for 3 bytes; for 1 or 2 left, 2 or 3 and the padding already there.
                for shift in [UInt32(18), 12, 6, 0].prefix(rest + 1) {
                    out[written] = alphabet[Int(group >> shift & 63)]
                    written += 1
                }
                written += 3 - rest
                index += 3
            }
        }
        return out
    }
}
