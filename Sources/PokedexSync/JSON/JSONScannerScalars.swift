/// Reading the values a shape wants: integers, booleans, strings (unescaped, valid UTF-8).
extension JSONScanner {
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
        try string { String(decoding: $0, as: UTF8.self) }
    }

    /// The next string's text, unescaped and valid UTF-8, handed to `read`: for a caller that
    /// makes something else of it than the String itself, without building that String first.
    mutating func string<Value>(_ read: (UnsafeBufferPointer<UInt8>) -> Value) throws(JSONScanFailure) -> Value {
        guard try peek() == quote else { throw fail("expected a string") }
        let start = pos + 1
        let escaped = try skipString()
        // `skipString` has checked control characters, escapes and UTF-8.
        let raw = UnsafeBufferPointer(start: base + start, count: pos - 1 - start)
        guard escaped else { return read(raw) }
        return try unescaped(raw, at: start).withUnsafeBufferPointer(read)
    }

    mutating func optionalString() throws(JSONScanFailure) -> String? {
        try consumeNull() ? nil : try string()
    }

    mutating func optionalBool() throws(JSONScanFailure) -> Bool? {
        try consumeNull() ? nil : try bool()
    }

    /// The next value's JSON text exactly as in the body, checked well-formed.
    mutating func valueText() throws(JSONScanFailure) -> String {
        _ = try peek()
        let start = pos
        try skipValue()
        return String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
    }

    /// Unescapes a string ``skipString()`` has checked: every escape in it is well-formed and
    /// every high surrogate paired.
    func unescaped(_ raw: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONScanFailure) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            // The bytes up to the next backslash, copied at once.
            var next = i
            while next < raw.count, raw[next] != backslash { next += 1 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: raw[i..<next]))
            i = next
            guard i + 1 < raw.count else {
                if i < raw.count { out.append(raw[i]) }
                break
            }
            switch raw[i + 1] {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: offset + i + 2)
                var length = 6
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (try hex4(at: offset + i + 8) - 0xDC00)
                    length = 12
                }
                // Checked by `skipEscape`; U+FFFD rather than a trap should that ever change.
                out.append(contentsOf: (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
                i += length
                continue
            default: out.append(raw[i + 1])  // " \ /
            }
            i += 2
        }
        return out
    }
}
