import Foundation

/// Where and why a body is not the JSON a scan expected.
public struct JSONScanFailure: Error, CustomStringConvertible, Sendable {
    public let offset: Int
    public let reason: String
    public var description: String { "malformed JSON at byte \(offset): \(reason)" }
}

/// A byte-level JSON reader that builds no tree: a shape (an extension elsewhere, one per kind of
/// body) walks objects and arrays with ``nextKey(_:)`` and ``nextElement(_:)``, parses the values
/// it wants in place and skips the rest by matching quotes and brackets. Decoding PokeAPI bodies
/// with `JSONDecoder`, which maps the whole document first, cost ten times as much.
///
/// Deliberate leniency (callers store the raw body as received anyway): skipped values are only
/// checked for balanced quotes and brackets, not full JSON grammar (`[}` or `tru` inside a skipped
/// value pass); integers must be plain JSON integers (no `7.0`/`7e0`, which JSONDecoder would
/// accept as Int); invalid UTF-8 inside a wanted string is repaired (U+FFFD), not rejected.
struct JSONScanner {
    /// A key as it appears in the bytes (between the quotes), compared with ``key(_:is:)``.
    struct Key {
        let start: Int
        let count: Int
        let escaped: Bool
    }

    private let base: UnsafePointer<UInt8>
    private let end: Int
    /// The offset of the next byte to read.
    private(set) var pos = 0

    private init(base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
    }

    /// Runs `parse` over all of `body`, which must hold one JSON value and nothing after it.
    static func scan<Value>(
        _ body: Data, _ parse: (inout JSONScanner) throws(JSONScanFailure) -> Value
    ) throws(JSONScanFailure) -> Value {
        let result = body.withUnsafeBytes { raw in
            Result { () throws(JSONScanFailure) -> Value in
                guard let base = raw.baseAddress, raw.count > 0 else {
                    throw JSONScanFailure(offset: 0, reason: "empty body")
                }
                var scanner = JSONScanner(base: base.assumingMemoryBound(to: UInt8.self), end: raw.count)
                let value = try parse(&scanner)
                scanner.skipWhitespace()
                guard scanner.pos == scanner.end else {
                    throw scanner.fail("unexpected data after the top-level value")
                }
                return value
            }
        }
        return try result.get()
    }

    /// A failure at the current offset, for a shape to throw when a value is missing or wrong.
    func fail(_ reason: String) -> JSONScanFailure { JSONScanFailure(offset: pos, reason: reason) }

    @inline(__always) private mutating func skipWhitespace() {
        while pos < end, isWhitespace(base[pos]) { pos += 1 }
    }

    /// The next non-whitespace byte, not consumed.
    @inline(__always) private mutating func peek() throws(JSONScanFailure) -> UInt8 {
        skipWhitespace()
        guard pos < end else { throw fail("unexpected end of data") }
        return base[pos]
    }

    @inline(__always) private mutating func expect(_ byte: UInt8) throws(JSONScanFailure) {
        guard try peek() == byte else {
            throw fail("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        pos += 1
    }

    /// Consumes `null` if it comes next.
    mutating func consumeNull() throws(JSONScanFailure) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        guard end - pos >= 4, base[pos + 1] == UInt8(ascii: "u"), base[pos + 2] == UInt8(ascii: "l"),
            base[pos + 3] == UInt8(ascii: "l")
        else { throw fail("invalid literal") }
        pos += 4
        return true
    }

    // MARK: Objects and arrays

    /// Consumes the `{` that must come next; then iterate with ``nextKey(_:)``.
    mutating func beginObject() throws(JSONScanFailure) { try expect(openBrace) }

    /// Consumes the `[` that must come next; then iterate with ``nextElement(_:)``.
    mutating func beginArray() throws(JSONScanFailure) { try expect(openBracket) }

    /// Call after `{` with `first = true`; returns each key (the `:` consumed), nil after `}`.
    mutating func nextKey(_ first: inout Bool) throws(JSONScanFailure) -> Key? {
        var c = try peek()
        if c == closeBrace {
            pos += 1
            return nil
        }
        if !first {
            guard c == comma else { throw fail("expected ',' or '}' in object") }
            pos += 1
            c = try peek()
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

    // MARK: Skipping

    /// At an opening quote: moves past the closing one. Returns whether it held a backslash.
    @inline(__always) private mutating func skipString() throws(JSONScanFailure) -> Bool {
        var p = pos + 1
        var escaped = false
        while p < end {
            let c = base[p]
            if c == quote {
                pos = p + 1
                return escaped
            }
            if c == backslash {
                escaped = true
                p += 2
            } else {
                p += 1
            }
        }
        throw fail("unterminated string")
    }

    /// Skips one value of any kind.
    mutating func skipValue() throws(JSONScanFailure) {
        let c = try peek()
        switch c {
        case quote:
            _ = try skipString()
        case openBrace, openBracket:
            try skipContainer()
        case comma, colon, closeBrace, closeBracket:
            throw fail("expected a value")
        default:  // number, true, false, null
            let start = pos
            while pos < end {
                let b = base[pos]
                if b == comma || b == closeBrace || b == closeBracket || isWhitespace(b) { break }
                pos += 1
            }
            if pos == start { throw fail("expected a value") }
        }
    }

    /// Skips `{…}` or `[…]`: glibc's vectorised `memchr` jumps over string contents (the
    /// bulk of the bytes), a plain loop handles the few bytes between strings.
    private mutating func skipContainer() throws(JSONScanFailure) {
        var depth = 0
        var p = pos
        let base = base, end = end
        while p < end {
            let b = base[p]
            if b == 0x22 {  // " : find the closing quote not preceded by an odd run of backslashes
                let contentStart = p + 1
                var from = contentStart
                while true {
                    guard from < end, let hit = memchr(base + from, 0x22, end - from) else {
                        throw fail("unterminated string")
                    }
                    let q = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    var k = q - 1
                    while k >= contentStart, base[k] == 0x5C { k -= 1 }
                    if (q - 1 - k) & 1 == 0 {
                        p = q
                        break
                    }
                    from = q + 1
                }
            } else if b | 0x20 == 0x7B {  // { or [
                depth += 1
            } else if b | 0x20 == 0x7D {  // } or ]
                depth -= 1
                if depth == 0 {
                    pos = p + 1
                    return
                }
            }
            p += 1
        }
        throw fail("unterminated container")
    }

    // MARK: Scalars

    mutating func int() throws(JSONScanFailure) -> Int {
        _ = try peek()
        let start = pos
        var negative = false
        if base[pos] == minus {
            negative = true
            pos += 1
        }
        var value = 0
        let digitsStart = pos
        while pos < end {
            let d = base[pos] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = negative ? m.subtractingReportingOverflow(Int(d)) : m.addingReportingOverflow(Int(d))
            guard !o1, !o2 else {
                pos = start
                throw fail("integer out of range")
            }
            value = a
            pos += 1
        }
        let digits = pos - digitsStart
        guard digits > 0 else {
            pos = start
            throw fail("expected an integer")
        }
        guard digits == 1 || base[digitsStart] != UInt8(ascii: "0") else {
            pos = start
            throw fail("leading zero")
        }
        if pos < end, base[pos] == UInt8(ascii: ".") || base[pos] | 0x20 == UInt8(ascii: "e") {
            pos = start
            throw fail("expected an integer, found a fraction or exponent")
        }
        return value
    }

    mutating func optionalInt() throws(JSONScanFailure) -> Int? {
        try consumeNull() ? nil : try int()
    }

    mutating func bool() throws(JSONScanFailure) -> Bool {
        let c = try peek()
        if c == UInt8(ascii: "t"), end - pos >= 4, base[pos + 1] == UInt8(ascii: "r"),
            base[pos + 2] == UInt8(ascii: "u"), base[pos + 3] == UInt8(ascii: "e")
        {
            pos += 4
            return true
        }
        if c == UInt8(ascii: "f"), end - pos >= 5, base[pos + 1] == UInt8(ascii: "a"),
            base[pos + 2] == UInt8(ascii: "l"), base[pos + 3] == UInt8(ascii: "s"),
            base[pos + 4] == UInt8(ascii: "e")
        {
            pos += 5
            return false
        }
        throw fail("expected true or false")
    }

    mutating func string() throws(JSONScanFailure) -> String {
        guard try peek() == quote else { throw fail("expected a string") }
        let start = pos + 1
        let escaped = try skipString()
        let raw = UnsafeBufferPointer(start: base + start, count: pos - 1 - start)
        for byte in raw where byte < 0x20 {
            pos = start
            _ = byte
            throw fail("control character in string")
        }
        if !escaped { return String(decoding: raw, as: UTF8.self) }
        return try unescape(raw, at: start)
    }

    mutating func optionalString() throws(JSONScanFailure) -> String? {
        try consumeNull() ? nil : try string()
    }

    private func unescape(_ raw: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONScanFailure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func bad(_ reason: String) -> JSONScanFailure { JSONScanFailure(offset: offset + i, reason: reason) }
        func hex4(_ at: Int) throws(JSONScanFailure) -> UInt32 {
            guard at + 4 <= raw.count else { throw bad("short \\u escape") }
            var v: UInt32 = 0
            for k in at..<at + 4 {
                let c = raw[k]
                let d: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
                default: throw bad("invalid \\u escape")
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        while i < raw.count {
            let c = raw[i]
            guard c == backslash else {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < raw.count else { throw bad("dangling backslash") }
            switch raw[i + 1] {
            case quote: out.append(quote)
            case backslash: out.append(backslash)
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i + 2)
                var length = 6
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 12 <= raw.count, raw[i + 6] == backslash, raw[i + 7] == UInt8(ascii: "u")
                    else { throw bad("unpaired high surrogate") }
                    let low = try hex4(i + 8)
                    guard (0xDC00...0xDFFF).contains(low) else { throw bad("invalid low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    length = 12
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw bad("unpaired low surrogate")
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                i += length
                continue
            default:
                throw bad("invalid escape")
            }
            i += 2
        }
        return String(decoding: out, as: UTF8.self)
    }
}

// Literal constants (not `UInt8(ascii:)` globals, which go through lazy-initialisation
// accessors inside the hot loops).
private let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C
private let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
private let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
private let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, minus: UInt8 = 0x2D

@inline(__always) private func isWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
}
