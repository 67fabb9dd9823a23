import JSONOutput
import SQLiteDatabase

/// One row of `sync_run`.
public struct SyncRun: Sendable, Equatable {
    public let id: Int
    public let resource: SyncResource
    public let pid: Int
    public let startedAt: String
    public let finishedAt: String?
    public let outcome: SyncOutcome
    public let error: String?
    public let itemsChanged: Int?
    public let requests: Int?
    public let rateLimit: RateLimitSnapshot?
    /// What a run that succeeded left undone (the image host unreachable, images refused).
    public let notice: String?
    /// The part of the resource the run took (`offset 24 limit 21`); nil for all of it.
    public var partialScope: String? = nil
}
