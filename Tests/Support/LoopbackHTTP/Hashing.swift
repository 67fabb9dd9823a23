import Foundation

/// FNV-1a (64 bit): stable across runs and platforms, for fixture ids, seeds and PokeAPI's ETags.
func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
    }
    return hash
}

/// A strong ETag value (`"<32 hex>"`) for a response body: two independent 64-bit lanes over
/// 8-byte words (fast even in debug builds, where a byte-wise loop over 400 KB costs ~20 ms).
func fakeGitHubETag(_ bytes: [UInt8]) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    var second: UInt64 = 0x8422_2325_cbf2_9ce4
    bytes.withUnsafeBytes { raw in
        let wordCount = raw.count / 8
        var offset = 0
        for _ in 0..<wordCount {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            first = (first ^ word) &* 0x0000_0100_0000_01b3
            first ^= first >> 29
            second = (second ^ word.byteSwapped) &* 0x9E37_79B9_7F4A_7C15
            second ^= second >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
        first = (first ^ tail) &* 0x0000_0100_0000_01b3
        second = (second ^ tail) &* 0x9E37_79B9_7F4A_7C15
    }
    first ^= first >> 32
    second ^= second >> 29
    return "\"\(hex(first, width: 16))\(hex(second, width: 16))\""
}

/// Lower-case hex, zero-padded to `width`.
func hex<Value: BinaryInteger>(_ value: Value, width: Int, uppercase: Bool = false) -> String {
    let text = String(value, radix: 16, uppercase: uppercase)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
