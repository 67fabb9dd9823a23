import IssueStore
import PokedexStore
import SyncSettings

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
    /// `--resources`: the PokeAPI kinds to sync, alone; nil syncs everything.
    public var resources: [String]?
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
    /// Stored details and images younger than this are reused without a request.
    public var maximumDetailAgeSeconds = SyncDefaults.maximumDetailAgeSeconds
    /// The images to store after the linked kinds.
    public var artwork = ArtworkSelection.sprites
}
