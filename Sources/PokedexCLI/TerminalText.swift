import PokedexStore
import TextUtilities

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

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return BidirectionalControl.contains(scalar)
        }
    }

    /// Left-aligned columns separated by two spaces, padded by terminal columns (ピカチュウ
    /// takes ten); the last column is not padded. Every cell is sanitized.
    static func table(header: [String], rows: [[String]]) -> DisplayText {
        let all = ([header] + rows).map { row in row.map { sanitize($0) } }
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TerminalColumns.of(cell)) }
        }
        // Sanitizing the padded row again changes nothing: it is how it becomes DisplayText.
        return all.map { row in
            DisplayText(
                sanitizing: row.enumerated().map { index, cell in
                    index == row.count - 1
                        ? cell : cell + String(repeating: " ", count: widths[index] - TerminalColumns.of(cell))
                }.joined(separator: "  "))
        }.joined(separator: "\n")
    }
}
