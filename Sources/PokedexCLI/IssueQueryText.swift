import IssueStore
import TextUtilities

/// What `browse issues` filters with, typed as one line: words searched as `issues --search`
/// searches them, and `state:open|closed|all`, `label:NAME` (repeatable; quoted when it has
/// spaces, `label:"good first issue"`), `author:LOGIN`, `is:pr`, `is:issue`, `is:any`; or
/// `#NUMBER` alone.
enum IssueQueryText {
    /// What `is:` takes.
    private static let kinds: [String: IssueFilter.Kinds] = ["pr": .pullRequests, "issue": .issues, "any": .all]

    static func filter(_ text: String) -> IssueFilter {
        var filter = IssueFilter()
        filter.limit = 1000
        var searched: [String] = []
        for (word, key, value) in filterWords(text) {
            switch (key, value.lowercased()) {
            case ("state", let state) where IssueFilter.State(rawValue: state) != nil:
                filter.state = IssueFilter.State(rawValue: state)!
            case ("label", _) where !value.isEmpty: filter.labels.append(value)
            case ("author", _) where !value.isEmpty: filter.author = value
            // Being typed: no filter yet, and not the word "label" searched meanwhile.
            case ("label", _), ("author", _): continue
            case ("is", let kind) where kinds[kind] != nil: filter.kinds = kinds[kind]!
            default: searched.append(word)
            }
        }
        let search = searched.joined(separator: " ")
        // `issues --search` needs a word; punctuation alone searches nothing.
        if search.contains(where: { $0.isLetter || $0.isNumber }) { filter.search = search }
        return filter
    }

    /// What is wrong with a `state:` or `is:` filter that takes none of its values, for the
    /// empty list to say instead of searching its words.
    static func problem(_ text: String) -> String? {
        for (word, key, value) in filterWords(text) {
            switch (key, value) {
            case ("state", let value) where IssueFilter.State(rawValue: value.lowercased()) == nil:
                return "\(word) — state: takes open, closed or all"
            case ("is", let value) where kinds[value.lowercased()] == nil:
                return "\(word) — is: takes pr, issue or any"
            default: continue
            }
        }
        return nil
    }

    /// The number of `#43` typed alone: that issue or pull request, whatever its state (`#0`,
    /// which none has, finds none, rather than searching the word "0").
    static func number(_ text: String) -> Int? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 1, words[0].first == "#" else { return nil }
        let digits = words[0].dropFirst()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return nil }
        return number
    }

    /// The filter keys, whose value may also follow the colon after a space (`label: bug`).
    private static let keys: Set<String> = ["state", "label", "author", "is"]

    /// Each word with its filter key, lowercased, and its value without the quotes around it;
    /// no key (empty) for a word without a colon. A key's value after a space is its word's.
    private static func filterWords(_ text: String) -> [(word: String, key: String, value: String)] {
        let words = QuotedWords.split(text)
        var filterWords: [(word: String, key: String, value: String)] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            let parts = word.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                filterWords.append((String(word), "", ""))
                continue
            }
            let key = parts[0].lowercased()
            if parts[1].isEmpty, keys.contains(key), index < words.count, !words[index].contains(":") {
                let value = words[index]
                index += 1
                filterWords.append(("\(word) \(value)", key, String(QuotedWords.unquoted(value))))
            } else {
                filterWords.append((String(word), key, String(QuotedWords.unquoted(parts[1]))))
            }
        }
        return filterWords
    }
}
