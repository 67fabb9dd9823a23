import IssueStore
import JSONOutput
import LocalDatabase
import PokedexStore

extension CommandRunner {
    func issues(_ command: IssuesCommand) throws {
        let archive = try openArchive(for: command.repository)
        let issues = try archive.issues(repository: command.repository.description, filter: command.filter)
        let searched = command.filter.search != nil
        if command.json {
            console.print(DisplayText(json: .array(issues.map { IssueJSON.summary($0, searched: searched) })))
        } else if !issues.isEmpty {
            console.print(IssueText.table(issues, searched: searched))
        }
    }

    func issue(_ command: IssueCommand) throws {
        let archive = try openArchive(for: command.repository)
        guard let issue = try archive.issue(repository: command.repository.description, number: command.number) else {
            throw CommandFailure(
                message: "no issue #\(command.number) stored for \(command.repository)", exitCode: .notFound)
        }
        let thread = try archive.thread(repository: command.repository.description, number: command.number)
        console.print(
            command.json ? DisplayText(json: IssueJSON.detail(issue, thread: thread)) : IssueText.detail(issue, thread))
    }

    /// The archive for a query about `repository`, which must have been synced.
    private func openArchive(for repository: GitHubRepositoryName) throws -> IssueArchive {
        let archive = IssueArchive(database: try LocalStore.openForReading(path: try databasePath()))
        guard try archive.syncState(fullName: repository.description) != nil else {
            throw CommandFailure(
                message: "\(repository) is not synced yet: run `pokedex sync issues \(repository)` first",
                exitCode: .notFound)
        }
        return archive
    }
}

/// `--json` shapes of issues. Keys and their order are part of the interface (docs/json.md).
enum IssueJSON {
    /// `matched` says where a search matched (null without `--search`).
    static func summary(_ issue: StoredIssue, searched: Bool) -> JSONValue {
        .object(
            summaryMembers(issue) + [
                ("assignees", assignees(issue)),
                ("matched", searched ? .array(issue.matched.names.map(JSONValue.string)) : .null),
            ])
    }

    static func detail(_ issue: StoredIssue, thread: [StoredComment]) -> JSONValue {
        .object(
            summaryMembers(issue) + [
                ("body", .optional(issue.body)),
                ("locked", .bool(issue.locked)),
                ("draft", issue.draft.map(JSONValue.bool) ?? .null),
                ("merged_at", .optional(issue.mergedAt)),
                ("assignees", assignees(issue)),
                ("milestone", .optional(issue.milestone)),
                ("thread", .array(thread.map(comment))),
            ])
    }

    private static func comment(_ comment: StoredComment) -> JSONValue {
        .object([
            ("id", .int(comment.id)),
            ("author", .optional(comment.author)),
            ("author_association", .optional(comment.authorAssociation)),
            ("created_at", .string(comment.createdAt)),
            ("updated_at", .string(comment.updatedAt)),
            ("html_url", .string(comment.htmlURL)),
            ("body", .string(comment.body)),
        ])
    }

    private static func assignees(_ issue: StoredIssue) -> JSONValue {
        .array(issue.assignees.map(JSONValue.string))
    }

    private static func summaryMembers(_ issue: StoredIssue) -> [(String, JSONValue)] {
        [
            ("repository", .string(issue.repository)),
            ("number", .int(issue.number)),
            ("title", .string(issue.title)),
            ("state", .string(issue.state)),
            ("state_reason", .optional(issue.stateReason)),
            ("is_pull_request", .bool(issue.isPullRequest)),
            ("labels", .array(issue.labels.map(JSONValue.string))),
            ("author", .optional(issue.author)),
            ("comments", .int(issue.comments)),
            ("created_at", .string(issue.createdAt)),
            ("updated_at", .string(issue.updatedAt)),
            ("closed_at", .optional(issue.closedAt)),
            ("html_url", .string(issue.htmlURL)),
        ]
    }
}

/// Issues for people at a terminal; every text from GitHub is sanitized.
enum IssueText {
    /// A search adds a MATCHED column: where each issue matched.
    static func table(_ issues: [StoredIssue], searched: Bool) -> DisplayText {
        TerminalText.table(
            header: ["NUMBER", "STATE", "UPDATED", "AUTHOR"] + (searched ? ["MATCHED"] : []) + ["TITLE"],
            rows: issues.map { issue in
                let labels = issue.labels.isEmpty ? "" : "  [" + issue.labels.joined(separator: ", ") + "]"
                return [
                    "#\(issue.number)", (issue.isPullRequest ? "pr " : "") + issue.state,
                    String(issue.updatedAt.prefix(10)), issue.author ?? "",
                ] + (searched ? [issue.matched.names.joined(separator: ",")] : []) + [issue.title + labels]
            })
    }

    /// What a deleted account's comments show as their author (GitHub shows "ghost").
    static let deletedAccount = "(deleted account)"

    static func detail(_ issue: StoredIssue, _ thread: [StoredComment]) -> DisplayText {
        var lines: [DisplayText] = ["\(issue.repository)#\(issue.number) \(issue.title)"]
        func field(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("\(label + String(repeating: " ", count: max(1, 12 - label.count)))\(value)")
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
            lines.append("")
            lines.append(DisplayText(sanitizing: body, keepingLineBreaks: true))
        }
        for comment in thread {
            let edited = comment.updatedAt != comment.createdAt ? ", edited \(comment.updatedAt)" : ""
            lines.append("")
            lines.append("--- \(comment.author ?? Self.deletedAccount) commented at \(comment.createdAt)\(edited) ---")
            if !comment.body.isEmpty { lines.append(DisplayText(sanitizing: comment.body, keepingLineBreaks: true)) }
        }
        return lines.joined(separator: "\n")
    }
}
