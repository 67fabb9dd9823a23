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

/// What a sync job reports while it runs, for the CLI to show.
public enum SyncEvent: Sendable {
    /// Synced successfully at `lastSuccess`, within `--if-older-than`.
    case skipped(SyncResource, lastSuccess: String)
    /// A run began; its transfers, when it makes requests, count in `transfer` as they go.
    case started(SyncResource, transfer: TransferStatistics?)
    /// A request failed transiently and is about to be sent again.
    case retrying(RetryNotice)
    case issuesProgress(GitHubSyncReport, requests: Int)
    /// A PokeAPI resource committed a page.
    case resourceProgress(SyncResource, ResourceSyncProgress, requests: Int)
    case resourceFinished(SyncResource, ResourceSyncReport, transfer: TransferSummary)
    case issuesFinished(GitHubSyncReport, transfer: TransferSummary)
    /// The artwork phase committed a batch of images.
    case artworkProgress(ArtworkSyncReport, requests: Int)
    case artworkFinished(ArtworkSyncReport, transfer: TransferSummary)
    /// An owner's repository that its sync leaves out, and why.
    case repositoryExcluded(fullName: String, reason: String)
    /// An owner's repositories could not be listed; its stored repositories are still refreshed.
    case ownerFailed(login: String, error: any Error)
    /// A resource failed and the job goes on with the next one.
    case failed(SyncFailure)
    /// A partial sync whose Pokémon run failed before it took any: the kinds they would have
    /// linked are not synced this time.
    case linkedKindsNotSynced
    /// A detail a PokeAPI run left out (``LeftOutDetails``: its body unusable, not found, or a
    /// server error while the others were answered), after the first, which the run's failure
    /// names: each is asked for again next run.
    case refusedBody(SyncResource, FetchError)
}
