/// A line of words and `key:value` filters as people type them into a search: split at spaces,
/// but not inside double quotes (`label:"good first issue"`, `learns:"solar beam"`).
public enum QuotedWords {
    /// The words between spaces, a quoted stretch one word with its quotes.
    public static func split(_ text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var quoted = false
        for index in text.indices {
            let character = text[index]
            if character == "\"" { quoted.toggle() }
            if character.isWhitespace, !quoted {
                if let first = start { words.append(text[first..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let first = start { words.append(text[first...]) }
        return words
    }

    /// A filter's value without the quotes around it, when it has both.
    public static func unquoted(_ value: Substring) -> Substring {
        value.hasPrefix("\"") && value.hasSuffix("\"") ? value.dropFirst().dropLast() : value
    }
}
