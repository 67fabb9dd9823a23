import SQLiteDatabase

/// What people type into `--search`, as the full-text index and a scan look for it. The index
/// splits text into words at spaces and punctuation, so a run of Japanese, Chinese or Thai,
/// written without spaces, is one word to it: `表示` is not found in `名前が表示されない`.
/// Words of those scripts are looked for anywhere in the text instead; the others in the index,
/// each as a word, one of its forms or a word's start ("crash" finds "crashes").
struct TextSearch: Equatable {
    /// The FTS5 query of the words written with spaces between them; nil when there are none.
    let words: String?
    /// The words of scripts written without spaces, each to be found anywhere in the text.
    let substrings: [String]

    init?(_ text: String?) {
        guard let text else { return nil }
        let all = text.split { !$0.isLetter && !$0.isNumber }
        let unspaced = all.filter { $0.unicodeScalars.contains(where: Self.isWrittenWithoutSpaces) }
        let spaced = all.filter { word in !unspaced.contains(word) }
        // Quoted, so that punctuation and FTS5 operators in the text cannot make a syntax error.
        words = spaced.isEmpty ? nil : spaced.map { "\"\($0)\"*" }.joined(separator: " ")
        substrings = unspaced.map(String.init)
        guard words != nil || !substrings.isEmpty else { return nil }
    }

    /// Thai, Lao, Myanmar, Khmer, kana and CJK ideographs (halfwidth kana too).
    static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// An issue's text a search looks in.
    enum Column: String {
        case title, body
    }

    /// SQL that holds for the issue `i` when `column` holds every word, or (nil) its title and
    /// body between them, each substring in one of the two.
    func issueCondition(in column: Column?) -> (sql: String, parameters: [SQLValue]) {
        var parts: [String] = []
        var parameters: [SQLValue] = []
        if let words {
            parts.append("i.id IN (SELECT rowid FROM github_issue_fts WHERE github_issue_fts MATCH ?)")
            parameters.append(.text(column.map { "\($0.rawValue) : (\(words))" } ?? words))
        }
        for substring in substrings {
            // Column names are this type's constants; the text is bound.
            let columns = column.map { [$0] } ?? [.title, .body]
            parts.append("(" + columns.map { "instr(i.\($0.rawValue), ?) > 0" }.joined(separator: " OR ") + ")")
            parameters += columns.map { _ in .text(substring) }
        }
        return (parts.joined(separator: " AND "), parameters)
    }

    /// SQL that holds for the comment `c` when its body holds every word.
    func commentCondition() -> (sql: String, parameters: [SQLValue]) {
        var parts: [String] = []
        var parameters: [SQLValue] = []
        if let words {
            parts.append("c.id IN (SELECT rowid FROM github_comment_fts WHERE github_comment_fts MATCH ?)")
            parameters.append(.text(words))
        }
        for substring in substrings {
            parts.append("instr(c.body, ?) > 0")
            parameters.append(.text(substring))
        }
        return (parts.joined(separator: " AND "), parameters)
    }
}
