/// Text from the network shown on a terminal: control characters (escape sequences
/// included) are made visible instead of being interpreted. `DisplayText` is how it is used.
public enum TerminalText {
    /// C0 controls and DEL become `^X`; C1 controls, the line and paragraph separators and the
    /// bidirectional controls (U+202E reverses what follows, hiding what a line really says)
    /// become `\u{…}`. With `keepingLineBreaks`, newlines and tabs stay (and `\r\n` becomes
    /// `\n`), for bodies.
    public static func sanitize(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Most text needs nothing: kept whole rather than rebuilt scalar by scalar.
        let scalars = text.unicodeScalars
        guard scalars.contains(where: needsEscape) else { return text }
        var safe = ""
        safe.reserveCapacity(text.utf8.count)
        // Runs of scalars that need nothing are appended whole, between the escapes.
        var run = scalars.startIndex
        var index = run
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let replacement: String?
            switch scalar.value {
            case 0x0A where keepingLineBreaks, 0x09 where keepingLineBreaks: replacement = nil
            case 0x0D where keepingLineBreaks: replacement = ""
            case 0x00...0x1F, 0x7F: replacement = "^" + String(UnicodeScalar(UInt8(scalar.value ^ 0x40)))
            case _ where needsEscape(scalar): replacement = "\\u{\(String(scalar.value, radix: 16))}"
            default: replacement = nil
            }
            let next = scalars.index(after: index)
            if let replacement {
                safe += Substring(scalars[run..<index])
                safe += replacement
                run = next
            }
            index = next
        }
        safe += Substring(scalars[run...])
        return safe
    }

    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return BidirectionalControl.contains(scalar)
        }
    }
}
