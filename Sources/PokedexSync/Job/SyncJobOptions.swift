import HTTPTypes
import IssueStore
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import SyncSettings
import Synchronization
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything one `pokedex sync` does, and how.
public struct SyncJobOptions: Sendable {
    public enum Scope: Sendable, Equatable {
        /// The Pokémon, the kinds they link and their images, then every repository synced
        /// before (by id) and every remembered owner's.
        case everything
        /// One repository's issues, by name.
        case repository(GitHubRepositoryName)
        /// Every repository of a user or organisation (its kind found out by listing), which
        /// is remembered for later plain syncs.
        case owner(login: String, includeForks: Bool, includeArchived: Bool)
    }

    public var scope: Scope
    public var databasePath: String
    public var pokeAPIBaseURL: URL
    public var gitHubBaseURL: URL
    public var gitHubToken: String?
    /// Sent to PokeAPI's origin alone, for a PokeAPI that wants one (`pokedex serve --token-file`).
    public var pokeAPIToken: String?
    public var resources: ResourceSyncOptions
    public var gitHub: GitHubSyncOptions
    /// The images the Pokémon's bodies link to store, after the linked kinds.
    public var artwork: ArtworkSelection
    /// Resources that last synced successfully less than this many seconds ago are skipped.
    public var skipIfSucceededWithinSeconds: Int?
    /// How long to wait for another sync of the same database to finish.
    public var lockWait: Duration
    /// How long one request may take before it fails (and is retried as transient).
    public var requestTimeoutSeconds: Int
    /// Removes the credentials the sync holds from the errors it records: a server may quote
    /// them back. By default the tokens and the base URLs' userinfo.
    public var redactor: SecretRedactor

    public init(
        scope: Scope, databasePath: String, pokeAPIBaseURL: URL, gitHubBaseURL: URL,
        gitHubToken: String? = nil, pokeAPIToken: String? = nil, resources: ResourceSyncOptions = ResourceSyncOptions(),
        gitHub: GitHubSyncOptions = GitHubSyncOptions(), artwork: ArtworkSelection = .sprites,
        skipIfSucceededWithinSeconds: Int? = nil,
        lockWait: Duration = .zero, requestTimeoutSeconds: Int = SyncDefaults.requestTimeoutSeconds,
        redactor: SecretRedactor? = nil
    ) {
        self.scope = scope
        self.databasePath = databasePath
        self.pokeAPIBaseURL = pokeAPIBaseURL
        self.gitHubBaseURL = gitHubBaseURL
        self.gitHubToken = gitHubToken
        self.pokeAPIToken = pokeAPIToken
        self.resources = resources
        self.gitHub = gitHub
        self.artwork = artwork
        self.skipIfSucceededWithinSeconds = skipIfSucceededWithinSeconds
        self.lockWait = lockWait
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.redactor =
            redactor
            ?? SecretRedactor(
                tokens: [gitHubToken, pokeAPIToken].compactMap { $0 },
                urls: [pokeAPIBaseURL.absoluteString, gitHubBaseURL.absoluteString])
    }
}
