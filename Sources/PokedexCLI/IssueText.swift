import IssueStore
import TextUtilities

/// Issues for people at a terminal, within the layout's width; every text from GitHub is
/// sanitized.
enum IssueText {
    /// A search adds a MATCHED column: where each issue matched. Titles are cut to the width.
    static func table(_ issues: [StoredIssue], searched: Bool, width: Int) -> [StyledText] {
        TextTable(
            header: ["NUMBER", "STATE", "UPDATED", "AUTHOR"] + (searched ? ["MATCHED"] : []) + ["TITLE"],
            rows: issues.map { issue in
                let labels = issue.labels.isEmpty ? "" : "  [" + issue.labels.joined(separator: ", ") + "]"
                return [
                    StyledText("#\(issue.number)"), state(issue), StyledText(String(issue.updatedAt.prefix(10))),
                    StyledText(issue.author ?? ""),
                ] + (searched ? [StyledText(issue.matched.names.joined(separator: ","))] : []) + [
                    StyledText(issue.title + labels)
                ]
            },
            fixedColumns: [0, 1, 2],
            // Most logins are shorter; a bot's (`dependabot[bot]`) still shows whole.
            yieldingColumns: [3: 15]
        ).lines(width: width)
    }

    /// "open", "pr closed": green while open, purple once closed, as GitHub shows them.
    private static func state(_ issue: StoredIssue) -> StyledText {
        StyledText(
            (issue.isPullRequest ? "pr " : "") + issue.state,
            Emphasis(color: issue.state == "open" ? .open : .closed))
    }

    /// What a deleted account's comments show as their author (GitHub shows "ghost").
    static let deletedAccount = "(deleted account)"

    static func detail(_ issue: StoredIssue, _ thread: [StoredComment], layout: TerminalLayout) -> DisplayText {
        layout.render(detailLines(issue, thread, width: layout.width))
    }

    /// `issue`'s lines, `width` columns wide: what `issue` prints and `browse` scrolls.
    static func detailLines(_ issue: StoredIssue, _ thread: [StoredComment], width: Int) -> [StyledText] {
        var lines = FieldLines(width: width)
        lines.add(StyledText("\(issue.repository)#\(issue.number) \(issue.title)", .heading))
        func field(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.field(label, value)
        }
        let kind =
            issue.isPullRequest
            ? "pull request" + (issue.draft == true ? " (draft)" : "") + (issue.mergedAt.map { ", merged \($0)" } ?? "")
            : "issue"
        field("Kind", kind)
        field("State", issue.state + (issue.stateReason.map { " (\($0))" } ?? "") + (issue.locked ? ", locked" : ""))
        field("Author", issue.author)
        field("Labels", issue.labels.joined(separator: ", "))
        field("Assignees", issue.assignees.joined(separator: ", "))
        field("Milestone", issue.milestone)
        field("Comments", String(issue.comments))
        field("Created", issue.createdAt)
        field("Updated", issue.updatedAt)
        field("Closed", issue.closedAt)
        field("URL", issue.htmlURL)
        if let body = issue.body, !body.isEmpty {
            lines.add("")
            text(body, into: &lines)
        }
        for comment in thread {
            lines.add("")
            for header in header(comment, width: width) { lines.add(StyledText(header, .heading)) }
            if !comment.body.isEmpty { text(comment.body, into: &lines) }
        }
        return lines.lines
    }

    /// "--- AUTHOR commented at TIME, edited TIME ---" on one line where it fits, else broken
    /// before its edit: wrapped by words, its closing dashes would stand alone on a line.
    static func header(_ comment: StoredComment, width: Int) -> [String] {
        let commented = "--- \(comment.author ?? Self.deletedAccount) commented at \(comment.createdAt)"
        guard comment.updatedAt != comment.createdAt else { return [commented + " ---"] }
        let edited = "edited \(comment.updatedAt) ---"
        let whole = commented + ", " + edited
        return TerminalColumns.of(TerminalText.sanitize(whole)) <= width ? [whole] : [commented + ",", "    " + edited]
    }

    /// A body or comment, line by line, each wrapped to the width (a line's indentation kept,
    /// tabs as the terminal would set them: to the next multiple of eight columns); lines of a
    /// fenced code block (``` or ~~~) are cut at the width instead, as a terminal wraps them.
    private static func text(_ text: String, into lines: inout FieldLines) {
        var fence: String?
        for line in TerminalText.sanitize(text, keepingLineBreaks: true).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            let expanded = expandingTabs(line)
            let marker = Self.fenceMarker(expanded)
            if let open = fence {
                lines.addCut(expanded)
                // A closing fence is as long as the opening one at least, with nothing after it.
                let closes =
                    marker.map { $0.hasPrefix(open) && expanded.split(separator: " ") == [Substring($0)] } == true
                if closes { fence = nil }
            } else {
                lines.add(StyledText(expanded))
                fence = marker
            }
        }
    }

    /// The fence a line opens or closes a code block with (its run of ``` or ~~~, up to three
    /// spaces in), if it is one.
    static func fenceMarker(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count <= 3, let first = trimmed.first, first == "`" || first == "~" else {
            return nil
        }
        let run = trimmed.prefix { $0 == first }
        return run.count >= 3 ? String(run) : nil
    }

    private static func expandingTabs(_ line: Substring) -> String {
        guard line.contains("\t") else { return String(line) }
        var expanded = ""
        var columns = 0
        for character in line {
            if character == "\t" {
                let spaces = 8 - columns % 8
                expanded += String(repeating: " ", count: spaces)
                columns += spaces
            } else {
                expanded.append(character)
                columns += TerminalColumns.of(character)
            }
        }
        return expanded
    }
}
