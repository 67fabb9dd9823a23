import IssueStore
import JSONOutput
import LocalDatabase
import PokedexStore

/// `pokedex repos`: the stored repositories with their counts and freshness, or one forgotten.
enum ReposOptions {
    static let forget = OptionSpec(
        name: "--forget", value: .text, placeholder: "OWNER/REPO|OWNER", usagePlaceholder: "NAME",
        help: [
            "Remove a repository, or an owner and its repositories, with",
            "all their issues, comments and sync runs (asks first).",
        ])
    static let yes = OptionSpec(name: "--yes", value: .flag, help: ["With --forget: remove without asking."])

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        if let extra = positionals.first { throw options.failure("unexpected argument '\(extra)'") }
        var repos = ReposCommand(json: options.flag(SharedOptions.json), confirmed: options.flag(yes))
        if let name = options.text(forget) {
            guard name.contains("/") ? GitHubRepositoryName(name) != nil : GitHubRepositoryName.isOwner(name) else {
                throw options.failure("--forget needs OWNER/REPO or OWNER, not '\(name.prefix(120))'")
            }
            guard !repos.json else {
                throw options.failure("--json lists the repositories; it does not go with --forget")
            }
            repos.forget = name
        } else if repos.confirmed {
            throw options.failure("--yes confirms --forget, which is not given")
        }
        return .repos(repos)
    }
}

extension CommandSpec {
    static let repos = CommandSpec(
        name: .repos, abstract: ["List or forget stored GitHub repositories (offline)."],
        overview: """
            List every stored repository with its issues, pull requests and comments,
            when it last synced successfully and when it was last reconciled in full.
            Never uses the network.

            With --forget, remove a repository (OWNER/REPO), or an owner (OWNER) with every
            repository of it, and all that is stored of them: issues, comments, labels and
            the runs status shows, so a mistyped repository stops being listed. It says
            what it removes and asks first (--yes for scripts), waits for no sync (exit 75
            while one writes), and removes it all in one transaction.
            """,
        usages: [Usage()],
        options: [SharedOptions.json, ReposOptions.forget, ReposOptions.yes],
        build: ReposOptions.command)
}

extension CommandRunner {
    func repos(_ command: ReposCommand) throws {
        if let name = command.forget { return try forget(name, confirmed: command.confirmed) }
        let archive = IssueArchive(database: try LocalStore.openForReading(path: try databasePath()))
        let repositories = try archive.repositorySummaries()
        if command.json {
            console.print(DisplayText(json: .array(repositories.map(Self.json))))
        } else if repositories.isEmpty {
            console.print("no repositories stored yet: run `pokedex sync issues OWNER/REPO` (or OWNER) first")
        } else {
            let layout = self.layout
            let table = Self.repositoryTable(
                repositories.map { repository in
                    [
                        repository.fullName, String(repository.issues), String(repository.pullRequests),
                        String(repository.comments), repository.lastSynced.map(Self.toTheMinute) ?? "never",
                        repository.reconciledAt.map(Self.toTheMinute) ?? "never",
                    ]
                })
            console.print(layout.render(table.lines(width: layout.width)))
        }
    }

    /// `2026-12-05T10:47Z` for `2026-12-05T10:47:03Z`: two times to the second would not fit 70
    /// columns beside the counts, and a sync's minute is what people read (`--json` has seconds).
    static func toTheMinute(_ time: String) -> String {
        let characters = Array(time)
        guard characters.count == 20, characters[16] == ":", characters[19] == "Z" else { return time }
        return String(characters[..<16]) + "Z"
    }

    /// `repos`' table: counts and dates keep their width on a narrow terminal, names narrow.
    static func repositoryTable(_ rows: [[String]]) -> TextTable {
        TextTable(
            header: ["REPOSITORY", "ISSUES", "PRS", "COMMENTS", "LAST SYNCED", "RECONCILED"],
            rows: rows.map { $0.map { StyledText($0) } }, fixedColumns: [1, 2, 3, 4, 5])
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
