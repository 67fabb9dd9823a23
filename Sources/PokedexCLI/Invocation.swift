/// A parsed command line: options that apply to every command, and the command itself.
import IssueStore
import PokedexStore
import SyncSettings
import TerminalImages

public struct Invocation: Equatable, Sendable {
    public var global = GlobalOptions()
    public var command: Command

    public init(global: GlobalOptions = GlobalOptions(), command: Command) {
        self.global = global
        self.command = command
    }
}

public struct GlobalOptions: Equatable, Sendable {
    public var databasePath: String?
    public var quiet = false
    public var verbose = false

    public init(databasePath: String? = nil, quiet: Bool = false, verbose: Bool = false) {
        self.databasePath = databasePath
        self.quiet = quiet
        self.verbose = verbose
    }
}

public enum Command: Equatable, Sendable {
    case sync(SyncCommand)
    case show(ShowCommand)
    case list(ListCommand)
    case type(TypeCommand)
    case ability(AbilityCommand)
    case artwork(ArtworkCommand)
    case issues(IssuesCommand)
    case issue(IssueCommand)
    case repos(ReposCommand)
    case status(StatusCommand)
    /// Help for the tool (nil) or for one command.
    case help(CommandName?)
    case version
}

extension Command {
    var isSync: Bool {
        if case .sync = self { return true }
        return false
    }
}

public enum CommandName: String, CaseIterable, Sendable {
    case sync, status, show, list, type, ability, artwork, issues, issue, repos, help
}

public struct SyncCommand: Equatable, Sendable {
    /// nil (and no owner) refreshes everything: the Pokémon catalog and every repository and
    /// owner synced before.
    public var repository: GitHubRepositoryName?
    /// `sync issues OWNER`: every repository of this user or organisation.
    public var owner: String?
    /// With an owner: take its forks, its archived repositories too.
    public var includeForks = false
    public var includeArchived = false
    /// `--full`: reconcile the whole repository (vanished issues, deleted comments).
    public var fullReconcile = false
    /// A reconcile runs by itself when the last is older than this; nil takes the default.
    public var reconcileAfterSeconds: Int?
    public var pokeAPIURL: String?
    public var githubURL: String?
    public var offset = 0
    public var limit: Int?
    public var concurrency: Int?
    public var maximumWaitSeconds: Int?
    public var retries: Int?
    /// Seconds one request may take before it counts as failed (and is retried).
    public var timeoutSeconds: Int?
    /// The most seconds spent waiting between the attempts of one request.
    public var retryWaitSeconds: Int?
    /// How long to wait for another sync of the same database to finish.
    public var lockWaitSeconds = 0
    /// Skip resources that synced successfully less than this many seconds ago.
    public var ifOlderThanSeconds: Int?
    /// Stored Pokémon details younger than this are reused without a request.
    public var maximumDetailAgeSeconds = SyncDefaults.maximumDetailAgeSeconds
    /// The images to store after the Pokédex entry.
    public var artwork = ArtworkSelection.sprites
}

public struct ReposCommand: Equatable, Sendable {
    public var json = false
}

public struct StatusCommand: Equatable, Sendable {
    public var json = false
}

public struct IssuesCommand: Equatable, Sendable {
    public var repository: GitHubRepositoryName
    public var filter = IssueFilter()
    public var json = false
}

public struct IssueCommand: Equatable, Sendable {
    public var repository: GitHubRepositoryName
    public var number: Int
    public var json = false
}

public struct ShowCommand: Equatable, Sendable {
    public var query: String
    public var json = false
    /// `--lang`, as given (matched to a stored language case-insensitively when run).
    public var language: String?
    /// Whether the stored sprite is drawn above the entry (`--image`).
    public var image = ImageDisplayMode.auto
    /// `--image-protocol`: how to draw it; nil chooses from the environment.
    public var imageProtocol: ImageProtocol?
}

public struct ListCommand: Equatable, Sendable {
    public var offset = 0
    public var limit = 20
    /// A type slug, or a type's display name folded (`NameFolding`), resolved when run.
    public var type: String?
    public var json = false
    public var generation: Int?
    public var language: String?
}

/// `pokedex type NAME`.
public struct TypeCommand: Equatable, Sendable {
    public var query: String
    public var json = false
    public var language: String?
}

/// `pokedex artwork NAME`: a stored image's PNG bytes.
public struct ArtworkCommand: Equatable, Sendable {
    public var query: String
    public var kind = ImageKind.sprite
    /// `-o FILE`; nil writes to standard output.
    public var outputPath: String?
}

/// `pokedex ability NAME`.
public struct AbilityCommand: Equatable, Sendable {
    public var query: String
    public var json = false
    public var language: String?
}

/// A command line that cannot be run: reported as `Error: …` plus a usage line, exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// The command whose usage line to show; nil shows the tool's.
    public let command: CommandName?

    public var description: String { message }
}
