import TextUtilities

/// Lines of at most a given number of terminal columns (`TerminalColumns`), broken where the
/// script allows: at spaces and ideographic spaces, and inside a run of Chinese or Japanese
/// too long for a line (those scripts have no spaces between words) between two characters,
/// but never before closing punctuation (。、」) nor after opening punctuation (「).
/// Korean keeps its words whole, as Korean text is set: it has spaces between them.
public enum LineWrapping {
    /// Words that should stay on one line ("Sweet Kiss (1)", "Raichu (Alola) Lv 5"), each
    /// space between and in them made a no-break space: not broken at unless the words are
    /// wider than a line. What is printed has them as spaces (``printed(_:)``).
    public static func unbroken(_ words: String...) -> String {
        words.joined(separator: " ").replacing(" ", with: "\u{A0}")
    }

    /// A sync's line on a terminal: at most `width` columns (40 at least), continuation lines
    /// indented two, a number kept with the word after it ("0.00 s", "6 requests"), as printed.
    public static func hangingLines(_ text: String, width: Int) -> [String] {
        let available = max(width, 40)
        let glued = text.replacing(#/(\d) /#) { "\($0.1)\u{A0}" }
        var lines = Self.lines(glued, width: available)
        if lines.count > 1 {
            lines = [lines[0]] + Self.lines(lines.dropFirst().joined(separator: " "), width: available - 2)
        }
        return lines.enumerated().map { index, line in (index == 0 ? "" : "  ") + printed(line) }
    }

    /// Text laid out, as printed: no-break spaces, which only steer the wrapping, as spaces,
    /// so that output can be searched and copied as it reads.
    public static func printed(_ text: String) -> String {
        text.contains("\u{A0}") ? text.replacing("\u{A0}", with: " ") : text
    }

    /// `text` (sanitized: no control characters) on lines of at most `width` columns. A space
    /// or ideographic space (U+3000) where a line breaks is dropped; inside a line it stays.
    /// A word wider than a line is broken where it may be (a no-break space, or between
    /// Chinese or Japanese characters), else cut by columns, except a link, which stays whole
    /// so that it can be copied. Leading spaces (a branch of an evolution line) are kept, and
    /// continuation lines indented two past them. A width below one column counts as one: a
    /// terminal narrower than what a caller takes from it (browse's entry, under 30 columns)
    /// gets one character a line, not a loop that never ends.
    public static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        let indent = text.prefix { $0 == " " }.count
        // An indented line that fits stays whole: the two columns continuation lines take are
        // reserved only where it must break.
        if indent > 0, TerminalColumns.of(text) <= width {
            return [String(text[..<(text.lastIndex { $0 != " " }.map(text.index(after:)) ?? text.endIndex)])]
        }
        guard indent == 0 else {
            let body = lines(String(text.dropFirst(indent)), width: max(8, width - indent - 2))
            return body.enumerated().map { index, line in
                String(repeating: " ", count: index == 0 ? indent : indent + 2) + line
            }
        }
        var lines: [String] = []
        var line = ""
        var columns = 0
        func start(_ piece: String) {
            var rest = Substring(piece)
            while TerminalColumns.of(rest) > width, !rest.contains("://") {
                let head = prefix(of: rest, fitting: width)
                lines.append(String(head))
                rest = rest.dropFirst(head.count)
            }
            line = String(rest)
            columns = TerminalColumns.of(rest)
        }
        for piece in pieces(text, width: width) {
            let added = TerminalColumns.of(piece.separator) + TerminalColumns.of(piece.text)
            if line.isEmpty {
                start(piece.text)
            } else if columns + added <= width {
                line += piece.separator + piece.text
                columns += added
            } else {
                lines.append(line)
                start(piece.text)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// What lies between two break opportunities, and the spaces before it (none where the
    /// break is between two characters).
    private struct Piece {
        var separator = ""
        var text = ""
    }

    /// The words between spaces; a word wider than `width` (a sentence of Chinese, which has
    /// no spaces) in the pieces between its break opportunities, so that names in a list
    /// (`ピカチュウ, ライチュウ`) stay whole and long texts still fill their lines.
    private static func pieces(_ text: String, width: Int) -> [Piece] {
        var pieces: [Piece] = []
        var current = Piece()
        func endWord() {
            guard !current.text.isEmpty else { return }
            if TerminalColumns.of(current.text) > width {
                pieces += split(current)
            } else {
                pieces.append(current)
            }
            current = Piece()
        }
        for character in text {
            if character == " " || character == "\u{3000}" {
                endWord()
                // Spaces before the first word are dropped.
                if !pieces.isEmpty { current.separator.append(character) }
            } else {
                current.text.append(character)
            }
        }
        endWord()
        return pieces
    }

    /// `word` cut where a line may break inside it, the first piece keeping its separator: at
    /// its no-break spaces (it is wider than a line), which then separate like spaces.
    private static func split(_ word: Piece) -> [Piece] {
        var pieces: [Piece] = []
        var current = Piece(separator: word.separator)
        var previous: Character?
        for character in word.text {
            if character == "\u{A0}" {
                pieces.append(current)
                current = Piece(separator: String(character))
                previous = nil
                continue
            }
            if let previous, breaks(between: previous, and: character) {
                pieces.append(current)
                current = Piece()
            }
            current.text.append(character)
            previous = character
        }
        pieces.append(current)
        return pieces
    }

    /// Whether a line may break between two characters with no space between them.
    static func breaks(between before: Character, and after: Character) -> Bool {
        guard !closing.contains(after), !opening.contains(before) else { return false }
        return isIdeographic(before) || isIdeographic(after)
    }

    /// Chinese and Japanese characters (and other wide ones: fullwidth forms, emoji), between
    /// which a line may break; not Hangul.
    private static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, TerminalColumns.of(scalar) == 2 else { return false }
        let value = scalar.value
        let hangul =
            (0x1100...0x115F).contains(value) || (0xA960...0xA97F).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0x3131...0x318E).contains(value)
        return !hangul
    }

    /// What never starts a line: closing brackets and quotes, stops and commas, and in Japanese
    /// the small kana, the prolonged sound mark and the iteration marks, which belong to the
    /// character before them.
    private static let closing: Set<Character> = Set(
        "、。，．・：；？！）」』】〕〉》〙〗〟｝］｠’”»›ー〜～ゝゞヽヾ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ)]},.!?:;%…‥")

    /// What never ends a line: opening brackets and quotes.
    private static let opening: Set<Character> = Set("（「『【〔〈《〘〖〝｛［｟‘“«‹([{")

    /// The longest start of `text` within `width` columns, at least one character.
    private static func prefix(of text: Substring, fitting width: Int) -> Substring {
        let head = TerminalColumns.prefix(of: text, fitting: width)
        return head.isEmpty ? text.prefix(1) : head
    }
}
