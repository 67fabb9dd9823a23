/// Text from the network shown on a terminal: control characters (escape sequences
/// included) are made visible instead of being interpreted.
public enum TerminalText {
    /// With `keepingLineBreaks`, newlines and tabs stay (and `\r\n` becomes `\n`), for bodies.
    public static func sanitize(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var safe = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingLineBreaks, 0x09 where keepingLineBreaks:
                safe.unicodeScalars.append(scalar)
            case 0x0D where keepingLineBreaks:
                continue
            case 0x00...0x1F, 0x7F:
                safe += "^" + String(UnicodeScalar(UInt8(scalar.value ^ 0x40)))
            case 0x80...0x9F, 0x2028, 0x2029:
                safe += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// Left-aligned columns separated by two spaces; the last column is not padded.
    static func table(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows.map { row in row.map { sanitize($0) } }
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
