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
        var text = text
        return text.withUTF8(clean(validUTF8:))
    }

    /// One pass over the UTF-8 bytes, decoding a scalar only to tell separators and the
    /// scripts around a line break apart, and copying what is kept as it is: every species'
    /// body has a hundred texts or more, and String's scalar views cost several times this.
    /// The bytes must be valid UTF-8 (a String's own, or a JSON string the scanner checked):
    /// a scalar's continuation bytes are read unchecked.
    package static func clean(validUTF8 text: UnsafeBufferPointer<UInt8>) -> String {
        // A one-byte line break may become an ideographic space, three bytes. Written to a
        // scratch buffer, so that the String kept holds only what was written.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count * 3) { output in
            var written = 0
            var last: Unicode.Scalar?, beforeLast: Unicode.Scalar?
            func append<Bytes: Sequence<UInt8>>(_ scalar: Unicode.Scalar, encoded bytes: Bytes) {
                for byte in bytes {
                    output[written] = byte
                    written += 1
                }
                (last, beforeLast) = (scalar, last)
            }
            // Read only at a line break beside Chinese or Japanese.
            lazy var phrasesSpacedIdeographically = containsIdeographicSpace(text)
            // The separators read since the last scalar kept.
            var run = SeparatorRun()
            var offset = 0
            while offset < text.count {
                // Printable ASCII (no separator among it) is kept as it is: outside a run of
                // separators, whose end needs the joiner's look at the next scalar, a word's
                // bytes are copied at once. Most of every Latin-script text.
                if run.isEmpty, isPrintableASCII(text[offset]) {
                    let start = offset
                    repeat { offset += 1 } while offset < text.count && isPrintableASCII(text[offset])
                    let copied = UnsafeBufferPointer(rebasing: text[start..<offset])
                    _ = UnsafeMutableBufferPointer(rebasing: output[written..<written + copied.count])
                        .initialize(fromContentsOf: copied)
                    written += copied.count
                    beforeLast = copied.count > 1 ? Unicode.Scalar(copied[copied.count - 2]) : last
                    last = Unicode.Scalar(copied[copied.count - 1])
                    continue
                }
                let (scalar, length) = scalar(in: text, at: offset)
                defer { offset += length }
                if isSeparator(scalar) {
                    run.add(scalar)
                    continue
                }
                // Nothing at the start (nor, as a run is only joined before a scalar, at the end).
                if !run.isEmpty, let before = last,
                    let joiner = joiner(
                        run, before: before, beforeBefore: beforeLast, after: scalar,
                        phrasesSpacedIdeographically: { phrasesSpacedIdeographically })
                {
                    append(joiner, encoded: joiner.utf8)
                }
                run = SeparatorRun()
                append(scalar, encoded: UnsafeBufferPointer(rebasing: text[offset..<offset + length]))
            }
            return String(decoding: UnsafeBufferPointer(rebasing: output[..<written]), as: UTF8.self)
        }
    }

    @inline(__always) private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// The scalar whose UTF-8 starts at `offset` of a String's own (valid) bytes, and its length.
    @inline(__always)
    private static func scalar(in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(text[offset])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        func continuation(_ index: Int) -> UInt32 { UInt32(text[offset + index]) & 0x3F }
        let (value, length): (UInt32, Int)
        if lead < 0xE0 {
            (value, length) = ((lead & 0x1F) << 6 | continuation(1), 2)
        } else if lead < 0xF0 {
            (value, length) = ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        } else {
            (value, length) = ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// What a run of separators holds, as far as joining goes.
    private struct SeparatorRun {
        var isEmpty = true
        var hasIdeographicSpace = false
        var isSpaced = false
        var hasLineBreak = false
        /// A soft hyphen right before a line break: a word split over two lines.
        var splitsWord = false
        private var endsWithSoftHyphen = false

        mutating func add(_ scalar: Unicode.Scalar) {
            isEmpty = false
            hasIdeographicSpace = hasIdeographicSpace || scalar == ideographicSpace
            isSpaced = isSpaced || scalar == " " || scalar == "\t"
            let lineBreak = isLineBreak(scalar)
            hasLineBreak = hasLineBreak || lineBreak
            splitsWord = splitsWord || (endsWithSoftHyphen && lineBreak)
            endsWithSoftHyphen = scalar == "\u{AD}"
        }
    }

    /// U+3000 searched as its UTF-8 bytes E3 80 80 (a lead byte never appears inside a
    /// character, so a match is the character); the standard library's generic search cost
    /// more than the cleaning itself.
    private static func containsIdeographicSpace(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var matched = 0
        for byte in text {
            matched = byte == (matched == 0 ? 0xE3 : 0x80) ? matched + 1 : (byte == 0xE3 ? 1 : 0)
            if matched == 3 { return true }
        }
        return false
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
        _ run: SeparatorRun, before: Unicode.Scalar, beforeBefore: Unicode.Scalar?, after: Unicode.Scalar,
        phrasesSpacedIdeographically: () -> Bool
    ) -> Unicode.Scalar? {
        if run.hasIdeographicSpace { return ideographicSpace }
        if run.splitsWord, !run.isSpaced { return nil }
        guard !run.isSpaced, run.hasLineBreak else { return " " }
        if isHyphenOrDash(before), let beforeBefore, beforeBefore != " " { return nil }
        if isChineseOrJapanese(before) || isChineseOrJapanese(after) {
            return phrasesSpacedIdeographically() ? ideographicSpace : nil
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
