import IssueStore

/// What `browse issues` filters with, typed as one line: words searched as `issues --search`
/// searches them, and `state:open|closed|all`, `label:NAME` (repeatable), `author:LOGIN`,
/// `is:pr`, `is:issue`, `is:any`.
enum IssueQueryText {
    static func filter(_ text: String) -> IssueFilter {
        var filter = IssueFilter()
        filter.limit = 1000
        var words: [Substring] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count == 2 ? String(parts[1]) : ""
            switch (parts.count == 2 ? parts[0].lowercased() : "", value.lowercased()) {
            case ("state", let state) where IssueFilter.State(rawValue: state) != nil:
                filter.state = IssueFilter.State(rawValue: state)!
            case ("label", _) where !value.isEmpty: filter.labels.append(value)
            case ("author", _) where !value.isEmpty: filter.author = value
            case ("is", "pr"): filter.kinds = .pullRequests
            case ("is", "issue"): filter.kinds = .issues
            case ("is", "any"): filter.kinds = .all
            default: words.append(word)
            }
        }
        let search = words.joined(separator: " ")
        // `issues --search` needs a word; punctuation alone searches nothing.
        if search.contains(where: { $0.isLetter || $0.isNumber }) { filter.search = search }
        return filter
    }
}
