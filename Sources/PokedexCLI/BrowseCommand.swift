import IssueStore

/// `pokedex browse`: the Pokédex, or the issue mirror, as a full-screen terminal app.
public struct BrowseCommand: Equatable, Sendable {
    public enum Start: Equatable, Sendable {
        /// The Pokédex, its search already typed.
        case pokedex(search: String)
        /// The synced repositories, or one repository's issues.
        case issues(repository: GitHubRepositoryName?)
    }

    public var start = Start.pokedex(search: "")
    /// `--lang`, as a code (``LanguageOption/normalized(_:)``), matched to a stored language when run.
    public var language: String?
}
