#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
/// Strict where it matters for hostile bodies: whatever it accepts, `JSONSerialization` accepts
/// too (a fuzz test checks it), so skipped values are checked against the full JSON grammar —
/// literals, numbers (finite as a double), strings (escapes, no raw control characters, valid
/// UTF-8), nesting at most ``maximumDepth`` deep — and wanted strings must be valid UTF-8.
/// Stricter than `JSONSerialization` in a few documented ways: integers must be plain JSON
/// integers in `Int`'s range (no `7.0`/`7e0`), no trailing comma (`[1,]`), no byte-order mark.
struct JSONScanner {
    /// A key as it appears in the bytes (between the quotes), compared with ``key(_:is:)``.
    struct Key {
        let start: Int
        let count: Int
        let escaped: Bool
    }

    let base: UnsafePointer<UInt8>
    let end: Int
    /// The offset of the next byte to read.
    var pos = 0
    /// Containers open at `pos`, the top level's included.
    var depth = 0

    /// `JSONSerialization`'s own limit: one level deeper and it refuses the document.
    static let maximumDepth = 512

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

    @inline(__always) mutating func skipWhitespace() {
        while pos < end, isWhitespace(base[pos]) { pos += 1 }
    }

    /// The next non-whitespace byte, not consumed.
    @inline(__always) mutating func peek() throws(JSONScanFailure) -> UInt8 {
        // Compact JSON, as APIs send it, has no whitespace between tokens: one comparison
        // (every byte that can start a token is above the space) settles most calls.
        if pos < end, base[pos] > 0x20 { return base[pos] }
        skipWhitespace()
        guard pos < end else { throw fail("unexpected end of data") }
        return base[pos]
    }

    @inline(__always) mutating func expect(_ byte: UInt8) throws(JSONScanFailure) {
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

    // MARK: Skipping

    /// At an opening quote: moves past the closing one, checking escapes, control characters
    /// and UTF-8 on the way. Returns whether it held a backslash.
    @inline(__always) mutating func skipString() throws(JSONScanFailure) -> Bool {
        var p = pos + 1
        var escaped = false
        let base = base, end = end
        while p < end {
            // Eight bytes at a time: past them when all are plain ASCII, else straight to the
            // first one that is not (most strings, keys and URLs, end within a word or two).
            if end - p >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
                let special = specialStringBytes(word)
                guard special != 0 else {
                    p += 8
                    continue
                }
                p += special.trailingZeroBitCount >> 3
            }
            let c = base[p]
            if c == quote {
                pos = p + 1
                return escaped
            }
            if c == backslash {
                escaped = true
                p = try skipEscape(at: p)
            } else if c < 0x20 {
                throw JSONScanFailure(offset: p, reason: "control character in string")
            } else if c < 0x80 {
                p += 1
            } else {
                p = try skipUTF8Sequence(at: p)
            }
        }
        throw fail("unterminated string")
    }

    /// At a backslash: the offset after its escape (a `\u` high surrogate with its low one).
    func skipEscape(at p: Int) throws(JSONScanFailure) -> Int {
        guard p + 1 < end else { throw JSONScanFailure(offset: p, reason: "unterminated string") }
        switch base[p + 1] {
        case quote, backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return p + 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: p + 2)
            if (0xDC00...0xDFFF).contains(unit) { throw JSONScanFailure(offset: p, reason: "unpaired low surrogate") }
            guard (0xD800...0xDBFF).contains(unit) else { return p + 6 }
            guard p + 7 < end, base[p + 6] == backslash, base[p + 7] == UInt8(ascii: "u") else {
                throw JSONScanFailure(offset: p, reason: "unpaired high surrogate")
            }
            guard (0xDC00...0xDFFF).contains(try hex4(at: p + 8)) else {
                throw JSONScanFailure(offset: p, reason: "invalid low surrogate")
            }
            return p + 12
        default:
            throw JSONScanFailure(offset: p, reason: "invalid escape")
        }
    }

    func hex4(at p: Int) throws(JSONScanFailure) -> UInt32 {
        guard p + 4 <= end else { throw JSONScanFailure(offset: p, reason: "short \\u escape") }
        var value: UInt32 = 0
        for k in p..<p + 4 {
            let c = base[k]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: throw JSONScanFailure(offset: k, reason: "invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// At a byte ≥ 0x80: the offset after its well-formed UTF-8 sequence (no overlong forms,
    /// no surrogates, nothing above U+10FFFF), as `JSONSerialization` requires.
    func skipUTF8Sequence(at p: Int) throws(JSONScanFailure) -> Int {
        let lead = base[p]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: throw JSONScanFailure(offset: p, reason: "invalid UTF-8")
        }
        guard p + length <= end else { throw JSONScanFailure(offset: p, reason: "invalid UTF-8") }
        guard (low...high).contains(base[p + 1]) else { throw JSONScanFailure(offset: p, reason: "invalid UTF-8") }
        for k in p + 2..<p + length where base[k] & 0xC0 != 0x80 {
            throw JSONScanFailure(offset: p, reason: "invalid UTF-8")
        }
        return p + length
    }

    /// Skips one value of any kind, checking it is well-formed JSON.
    mutating func skipValue() throws(JSONScanFailure) {
        let c = try peek()
        switch c {
        case quote:
            _ = try skipString()
        case openBrace, openBracket:
            try skipContainer()
        default:
            try skipScalar()
        }
    }

    /// Skips a number, `true`, `false` or `null`.
    mutating func skipScalar() throws(JSONScanFailure) {
        switch base[pos] {
        case UInt8(ascii: "t"): try skipLiteral("true")
        case UInt8(ascii: "f"): try skipLiteral("false")
        case UInt8(ascii: "n"): try skipLiteral("null")
        case minus, UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default: throw fail("expected a value")
        }
    }

    mutating func skipLiteral(_ literal: StaticString) throws(JSONScanFailure) {
        let count = literal.utf8CodeUnitCount
        guard end - pos >= count, memcmp(base + pos, literal.utf8Start, count) == 0 else {
            throw fail("invalid literal")
        }
        pos += count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, finite as a double.
    mutating func skipNumber() throws(JSONScanFailure) {
        let start = pos
        func digits(_ scanner: inout JSONScanner) -> Int {
            let from = scanner.pos
            while scanner.pos < scanner.end, scanner.base[scanner.pos] &- UInt8(ascii: "0") < 10 { scanner.pos += 1 }
            return scanner.pos - from
        }
        if base[pos] == minus { pos += 1 }
        let integerStart = pos
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw JSONScanFailure(offset: start, reason: "invalid number") }
        guard integerDigits == 1 || base[integerStart] != UInt8(ascii: "0") else {
            throw JSONScanFailure(offset: start, reason: "leading zero")
        }
        var exponent = false
        if pos < end, base[pos] == UInt8(ascii: ".") {
            pos += 1
            guard digits(&self) > 0 else { throw JSONScanFailure(offset: start, reason: "invalid number") }
        }
        if pos < end, base[pos] | 0x20 == UInt8(ascii: "e") {
            exponent = true
            pos += 1
            if pos < end, base[pos] == UInt8(ascii: "+") || base[pos] == minus { pos += 1 }
            guard digits(&self) > 0 else { throw JSONScanFailure(offset: start, reason: "invalid number") }
        }
        // Only an exponent or a long mantissa can overflow a double, which JSONSerialization refuses.
        if exponent || pos - start > 300 {
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw JSONScanFailure(offset: start, reason: "number out of range")
            }
        }
    }

    /// Skips `{…}` or `[…]`, checking its grammar without recursion (a hostile body nested
    /// deeply cannot exhaust the stack).
    mutating func skipContainer() throws(JSONScanFailure) {
        // One entry per open container: true for an object.
        var objects: [Bool] = []
        var expectingValue = false
        while true {
            if expectingValue {
                let c = try peek()
                switch c {
                case openBrace, openBracket:
                    pos += 1
                    try enter()
                    objects.append(c == openBrace)
                    let next = try peek()
                    if next == closeBrace || next == closeBracket {
                        guard next == (c == openBrace ? closeBrace : closeBracket) else {
                            throw fail("mismatched bracket")
                        }
                        pos += 1
                        depth -= 1
                        objects.removeLast()
                        expectingValue = false
                        if objects.isEmpty { return }
                        continue
                    }
                    if c == openBrace { try skipKeyAndColon(startingWith: next) }
                    continue
                case quote:
                    _ = try skipString()
                default:
                    try skipScalar()
                }
                expectingValue = false
                if objects.isEmpty { return }
            } else if objects.isEmpty {
                expectingValue = true  // the container itself
                continue
            }
            // After a value inside a container: `,` or its closing bracket.
            let isObject = objects[objects.count - 1]
            let c = try peek()
            if c == comma {
                pos += 1
                let next = try peek()
                if next == closeBrace || next == closeBracket { throw fail("expected a value after ','") }
                if isObject { try skipKeyAndColon(startingWith: next) }
                expectingValue = true
            } else if c == (isObject ? closeBrace : closeBracket) {
                pos += 1
                depth -= 1
                objects.removeLast()
                if objects.isEmpty { return }
            } else {
                throw fail(isObject ? "expected ',' or '}' in object" : "expected ',' or ']' in array")
            }
        }
    }

    /// At a key whose first byte `c` was peeked: the key and its `:`.
    @inline(__always) mutating func skipKeyAndColon(startingWith c: UInt8) throws(JSONScanFailure) {
        guard c == quote else { throw fail("expected a key") }
        _ = try skipString()
        if pos < end, base[pos] == colon {
            pos += 1
        } else {
            try expect(colon)
        }
    }

}

// Literal constants (not `UInt8(ascii:)` globals, which go through lazy-initialisation
// accessors inside the hot loops).
let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C
let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, minus: UInt8 = 0x2D

/// The high bit of each byte of `word` (read little-endian) that `skipString` must look at: a
/// quote, a backslash, a control character or a byte ≥ 0x80. The lowest bit set is always such
/// a byte; above it a borrow in the subtractions may mark one that is not, which only sends the
/// scan there one byte at a time.
@inline(__always) private func specialStringBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* UInt64(quote))
    let backslashes = word ^ (ones &* UInt64(backslash))
    // A byte's high bit ends up set where it was zero (below 0x20, for the last).
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control | word) & highBits
}

@inline(__always) func isWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
}
