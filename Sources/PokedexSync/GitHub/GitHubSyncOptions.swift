import HTTPTypes
import IssueStore
import PokedexStore
import SyncSettings
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

public struct GitHubSyncOptions: Sendable {
    /// The longest pokedex waits for a rate limit to reset before stopping (exit 75).
    public var maximumWait: Duration
    public var perPage: Int
    /// How transient failures (no answer, 5xx) are retried; rate limits are separate.
    public var retry: RetryPolicy

    /// Whether to reconcile the whole repository this run (`--full`): issues that vanished or
    /// were transferred, comments deleted upstream.
    public var fullReconcile: Bool
    /// A reconcile runs by itself when the last one ended longer ago than this; nil never.
    public var reconcileAfterSeconds: Int?

    public init(
        maximumWait: Duration = .seconds(SyncDefaults.maximumWaitSeconds), perPage: Int = 100,
        retry: RetryPolicy = .standard,
        fullReconcile: Bool = false, reconcileAfterSeconds: Int? = SyncDefaults.reconcileAfterSeconds
    ) {
        self.maximumWait = maximumWait
        self.perPage = perPage
        self.retry = retry
        self.fullReconcile = fullReconcile
        self.reconcileAfterSeconds = reconcileAfterSeconds
    }
}
