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
            return
        }
        let note = Self.listingNote(command)
        let total = { try archive.count(repository: command.repository.description, filter: command.filter) }
        guard !issues.isEmpty else {
            self.note(note.nothingShown(total: command.filter.offset > 0 ? try total() : 0))
            return
        }
        let layout = self.layout
        console.print(layout.render(IssueText.table(issues, searched: searched, width: layout.width)))
        if issues.count == command.filter.limit, let more = note.more(shown: issues.count, total: try total()) {
            self.note(more)
        }
    }

    /// What `issues` says it left out: "issue of acme/rocket" and the filters given.
    private static func listingNote(_ command: IssuesCommand) -> ListingNote {
        let filter = command.filter
        let kind: (singular: String, plural: String) =
            switch filter.kinds {
            case .issues: ("issue", "issues")
            case .pullRequests: ("pull request", "pull requests")
            case .all: ("issue or pull request", "issues and pull requests")
            }
        var filters = filter.state == .open ? [] : [ListingNote.option("--state", filter.state.rawValue)]
        filters += filter.labels.map { ListingNote.option("--label", $0) }
        filters += [filter.author.map { ListingNote.option("--author", $0) }].compactMap { $0 }
        filters += [filter.search.map { ListingNote.option("--search", $0) }].compactMap { $0 }
        // Open ones are what is listed unless --state says otherwise: a plain listing says so.
        let open = filter.state == .open && filters.isEmpty ? "open " : ""
        return ListingNote(
            singular: "\(open)\(kind.singular) of \(command.repository)",
            plural: "\(open)\(kind.plural) of \(command.repository)", filters: filters, offset: filter.offset)
    }

    func issue(_ command: IssueCommand) throws {
        let archive = try openArchive(for: command.repository)
        guard let issue = try archive.issue(repository: command.repository.description, number: command.number) else {
            throw CommandFailure(
                message: "no issue #\(command.number) stored for \(command.repository)", exitCode: .notFound)
        }
        let thread = try archive.thread(repository: command.repository.description, number: command.number)
        console.print(
            command.json
                ? DisplayText(json: IssueJSON.detail(issue, thread: thread))
                : IssueText.detail(issue, thread, layout: layout))
    }

    /// The archive for a query about `repository`, which must have been synced.
    func openArchive(for repository: GitHubRepositoryName) throws -> IssueArchive {
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
