/// Text written into a manual page: escaped so that roff prints it as it reads, whatever it
/// holds, and portable to groff and mandoc alike.
enum Roff {
    /// Running text: `\` printed as a backslash, every character beyond ASCII by its code
    /// (`\[u00E9]`: groff reads its input as Latin-1 unless told otherwise), the hyphens of
    /// option names (`--max-age`, `-o`) as `\-` so that they can be copied and searched, other
    /// hyphens left as hyphens, paths and URLs never hyphenated (`\%`), and a leading `.` or
    /// `'` kept from starting a request.
    static func text(_ text: String) -> String {
        keptFromRequests(
            text.split(separator: " ", omittingEmptySubsequences: false).map { word in
                (word.contains("/") ? "\\%" : "") + escape(String(word), optionHyphens: true)
            }.joined(separator: " "))
    }

    /// A word printed as it is (an option, a command, a path): every hyphen a `\-`.
    static func literal(_ text: String) -> String {
        keptFromRequests(escape(text, optionHyphens: false))
    }

    static func bold(_ text: String) -> String { "\\fB" + literal(text) + "\\fR" }
    static func italic(_ text: String) -> String { "\\fI" + literal(text) + "\\fR" }

    /// Lines of running text, each escaped, none of them empty (an empty line is a blank line
    /// of output in roff).
    static func lines(_ lines: [String]) -> String {
        lines.map { text($0.trimmingLeadingSpaces()) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// A line that starts with `.` or `'` would be a request: `\&` (nothing) goes first.
    private static func keptFromRequests(_ line: String) -> String {
        line.first == "." || line.first == "'" ? "\\&" + line : line
    }

    private static func escape(_ text: String, optionHyphens: Bool) -> String {
        var escaped = ""
        var inOption = false
        var previous: Character?
        for character in text {
            if character == "-" {
                if optionHyphens && !inOption, previous.map({ " ('\"[/|`".contains($0) }) ?? true {
                    inOption = true
                }
                escaped += inOption || !optionHyphens ? "\\-" : "-"
            } else {
                if !(character.isASCII && (character.isLetter || character.isNumber)) { inOption = false }
                escaped += escape(character)
            }
            previous = character
        }
        return escaped
    }

    private static func escape(_ character: Character) -> String {
        if character == "\\" { return "\\e" }
        if character.isASCII { return String(character) }
        return character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }.joined()
    }
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String {
        String(drop(while: { $0 == " " }))
    }
}
