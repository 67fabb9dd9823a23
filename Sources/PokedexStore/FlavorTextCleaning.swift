/// PokeAPI's flavor texts carry the games' line layout: form feeds between pages, line breaks
/// inside sentences, soft hyphens (U+00AD) where a word was split over two lines. Stored with
/// each run of those and spaces joined as the script joins words:
///
/// - a soft hyphen that ends a line joins the word again ("sun\u{AD}\nlight" → "sunlight");
/// - a line break after a hyphen or dash joins without a space ("bluish-\nwhite",
///   "volts—\na single"), unless a space stands before it ("its nest -\nthis");
/// - a line break beside a Chinese or Japanese character joins with nothing (Chinese is written
///   without spaces), or with an ideographic space (U+3000) in a text that separates its
///   phrases with those (Japanese, "くっつけて\n電気を" → "くっつけて　電気を");
/// - any other run becomes one space, or one ideographic space where it holds one.
public enum FlavorTextCleaning {
    public static func clean(_ text: String) -> String {
        let phrasesSpacedIdeographically = text.unicodeScalars.contains(ideographicSpace)
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard isSeparator(scalar) else {
                result.append(scalar)
                continue
            }
            var run = [scalar]
            while let next = scalars.first, isSeparator(next) { run.append(scalars.removeFirst()) }
            // Nothing at the start or the end of the text.
            guard let before = result.last, let after = scalars.first else { continue }
            let beforeBefore = result.dropLast().last
            if let joiner = joiner(
                run, before: before, beforeBefore: beforeBefore, after: after,
                phrasesSpacedIdeographically: phrasesSpacedIdeographically)
            {
                result.append(joiner)
            }
        }
        return String(result)
    }

    private static let ideographicSpace: Unicode.Scalar = "\u{3000}"

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" || scalar == "\u{0B}"
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        isLineBreak(scalar) || scalar == " " || scalar == "\t" || scalar == "\u{AD}" || scalar == ideographicSpace
    }

    /// What one run of separators between `before` and `after` becomes; nil for nothing.
    private static func joiner(
        _ run: [Unicode.Scalar], before: Unicode.Scalar, beforeBefore: Unicode.Scalar?, after: Unicode.Scalar,
        phrasesSpacedIdeographically: Bool
    ) -> Unicode.Scalar? {
        if run.contains(ideographicSpace) { return ideographicSpace }
        let spaced = run.contains { $0 == " " || $0 == "\t" }
        // A soft hyphen right before a line break marks a word split over two lines.
        let splitWord = zip(run, run.dropFirst()).contains { $0 == "\u{AD}" && isLineBreak($1) }
        if splitWord, !spaced { return nil }
        guard !spaced, run.contains(where: isLineBreak) else { return " " }
        if isHyphenOrDash(before), let beforeBefore, beforeBefore != " " { return nil }
        if isChineseOrJapanese(before) || isChineseOrJapanese(after) {
            return phrasesSpacedIdeographically ? ideographicSpace : nil
        }
        return " "
    }

    private static func isHyphenOrDash(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "\u{2010}" || scalar == "\u{2013}" || scalar == "\u{2014}"
    }

    /// Han, kana, CJK punctuation and fullwidth forms: scripts written without spaces between
    /// words. Not Hangul, which Korean spaces.
    static func isChineseOrJapanese(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF,  // radicals
            0x3000...0x303F,  // CJK symbols and punctuation
            0x3040...0x30FF,  // hiragana, katakana
            0x3100...0x312F, 0x31A0...0x31BF,  // bopomofo
            0x31F0...0x31FF,  // katakana phonetic extensions
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFD,  // Han
            0xFE30...0xFE4F,  // CJK compatibility forms
            0xFF00...0xFFEF:  // fullwidth and halfwidth forms
            return true
        default:
            return false
        }
    }
}
