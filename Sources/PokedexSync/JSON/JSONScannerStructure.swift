#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walking objects and arrays: their keys and elements, one at a time.
extension JSONScanner {
    /// Consumes the `{` that must come next; then iterate with ``nextKey(_:)``.
    mutating func beginObject() throws(JSONScanFailure) {
        try expect(openBrace)
        try enter()
    }

    /// Consumes the `[` that must come next; then iterate with ``nextElement(_:)``.
    mutating func beginArray() throws(JSONScanFailure) {
        try expect(openBracket)
        try enter()
    }

    @inline(__always) mutating func enter() throws(JSONScanFailure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
    }

    /// Call after `{` with `first = true`; returns each key (the `:` consumed), nil after `}`.
    mutating func nextKey(_ first: inout Bool) throws(JSONScanFailure) -> Key? {
        var c = try peek()
        if c == closeBrace {
            pos += 1
            depth -= 1
            return nil
        }
        if !first {
            guard c == comma else { throw fail("expected ',' or '}' in object") }
            pos += 1
            c = try peek()
            if c == closeBrace { throw fail("expected a key after ','") }
        }
        first = false
        guard c == quote else { throw fail("expected a key") }
        let start = pos + 1
        let escaped = try skipString()
        let key = Key(start: start, count: pos - 1 - start, escaped: escaped)
        try expect(colon)
        return key
    }

    /// Call after `[` with `first = true`; true while another element follows (positioned at it).
    mutating func nextElement(_ first: inout Bool) throws(JSONScanFailure) -> Bool {
        let c = try peek()
        if c == closeBracket {
            pos += 1
            depth -= 1
            return false
        }
        if !first {
            guard c == comma else { throw fail("expected ',' or ']' in array") }
            pos += 1
            if try peek() == closeBracket { throw fail("expected a value after ','") }
        }
        first = false
        return true
    }

    /// The key's text, unescaped.
    func keyString(_ key: Key) throws(JSONScanFailure) -> String {
        var copy = self
        copy.pos = key.start - 1
        return try copy.string()
    }

    func key(_ key: Key, is literal: StaticString) -> Bool {
        if !key.escaped {
            return key.count == literal.utf8CodeUnitCount
                && memcmp(base + key.start, literal.utf8Start, key.count) == 0
        }
        // Rare: an escaped key (`"na\u006de"`) is compared after unescaping.
        var copy = self
        copy.pos = key.start - 1
        guard let decoded = try? copy.string() else { return false }
        return decoded == literal.description
    }
}
