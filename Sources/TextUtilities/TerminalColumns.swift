/// How many terminal columns text takes, as terminals draw it: what layout measures and pads
/// with, since a character count is wrong for ピカチュウ (ten columns, five characters).
public enum TerminalColumns {
    /// Columns of text that has been sanitized (`TerminalText.sanitize`): wide and fullwidth
    /// characters take two, combining marks and zero-width characters none, the rest one.
    /// Control characters never reach it; they count as none.
    public static func of(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// `text` in at most `columns` columns, ending in `…` where it was cut.
    public static func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        return prefix(of: text[...], fitting: columns - 1) + "…"
    }

    /// The texts of a line's runs in at most `columns` columns: those that fit whole, then
    /// the start of the run that is cut with `…` as the last column; nil when all fit. The
    /// texts kept are the runs' first ones, so a caller gives each its run's style.
    public static func truncated(runs texts: [String], to columns: Int) -> [String]? {
        guard texts.reduce(0, { $0 + of($1) }) > columns else { return nil }
        var kept: [String] = []
        var room = columns - 1
        for text in texts where room >= 0 {
            let head = prefix(of: text[...], fitting: room)
            guard head.endIndex == text.endIndex else {
                kept.append(head + "…")
                break
            }
            kept.append(text)
            room -= of(text)
        }
        return kept
    }

    /// The longest start of `text` within `columns` columns (empty where its first character
    /// is wider).
    public static func prefix(of text: Substring, fitting columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += of(text[index])
            guard used <= columns else { break }
            end = text.index(after: index)
        }
        return text[..<end]
    }

    public static func of(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII, most of what is measured, without a look-up.
        if value >= 0x20, value < 0x7F { return 1 }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        // The soft hyphen is drawn by terminals; other format characters (ZWJ, ZWSP, bidi
        // marks) are not.
        case .format: return value == 0xAD ? 1 : 0
        default: break
        }
        // Hangul vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Width W or F (EastAsianWidth.txt of Unicode 14, planes 2 and 3 whole and the
    /// emoji block 1FA70 to its end as later versions fill them; unassigned code points inside
    /// a run folded into it), sorted, for a binary search.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C,
        0xAC00...0xD7A3, 0xF900...0xFAD9, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E,
        0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count
        while low < high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
