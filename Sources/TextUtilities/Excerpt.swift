/// A server's text cut short for a message or a record. A cut text ends in `marker`, which
/// `SecretRedactor` looks for: a credential the cut split in two is still removed, though
/// only its start is left to match.
public enum Excerpt {
    public static let marker = "…"

    /// `text` itself when it has at most `maximumCharacters`, else its start and `marker`.
    public static func of(_ text: String, maximumCharacters: Int) -> String {
        guard text.count > maximumCharacters else { return text }
        return String(text.prefix(maximumCharacters)) + marker
    }
}
