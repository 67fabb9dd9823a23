import IssueStore
import JSONOutput
import LocalDatabase
import PokedexStore

/// `pokedex repos`: the stored repositories with their counts and freshness.
extension CommandSpec {
    static let repos = CommandSpec(
        name: .repos, abstract: ["List the stored GitHub repositories (offline)."],
        overview: """
            List every stored repository with its issues, pull requests and comments,
            when it last synced successfully and when it was last reconciled in full.
            Never uses the network.
            """,
        usages: [Usage()],
        options: [SharedOptions.json],
        build: { positionals, options throws(UsageError) in
            if let extra = positionals.first { throw options.failure("unexpected argument '\(extra)'") }
            return .repos(ReposCommand(json: options.flag(SharedOptions.json)))
        })
}

extension CommandRunner {
    func repos(_ command: ReposCommand) throws {
        let archive = IssueArchive(database: try LocalStore.openForReading(path: try databasePath()))
        let repositories = try archive.repositorySummaries()
        if command.json {
            console.print(DisplayText(json: .array(repositories.map(Self.json))))
        } else if repositories.isEmpty {
            console.print("no repositories stored yet: run `pokedex sync issues OWNER/REPO` (or OWNER) first")
        } else {
            let layout = self.layout
            let table = TextTable(
                header: ["REPOSITORY", "ISSUES", "PRS", "COMMENTS", "LAST SYNCED", "RECONCILED"],
                rows: repositories.map { repository in
                    [
                        repository.fullName, String(repository.issues), String(repository.pullRequests),
                        String(repository.comments), repository.lastSynced ?? "never",
                        repository.reconciledAt ?? "never",
                    ].map { StyledText($0) }
                },
                fixedColumns: [1, 2, 3])
            console.print(layout.render(table.lines(width: layout.width)))
        }
    }

    /// `repos --json` objects. Keys and their order are part of the interface (docs/json.md).
    private static func json(_ repository: RepositorySummary) -> JSONValue {
        .object([
            ("repository", .string(repository.fullName)),
            ("id", .int(repository.id)),
            ("issues", .int(repository.issues)),
            ("pull_requests", .int(repository.pullRequests)),
            ("comments", .int(repository.comments)),
            ("last_synced", .optional(repository.lastSynced)),
            ("reconciled_at", .optional(repository.reconciledAt)),
        ])
    }
}
