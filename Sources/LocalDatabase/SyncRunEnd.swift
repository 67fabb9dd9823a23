import JSONOutput
import SQLiteDatabase

/// How a finished run ended, to be recorded.
public struct SyncRunEnd: Sendable {
    public var outcome: SyncOutcome
    public var error: String?
    public var itemsChanged: Int?
    public var requests: Int?
    public var rateLimit: RateLimitSnapshot?
    /// The repository's GitHub id, learnt during the run.
    public var repositoryID: Int?
    /// What the run left undone though it succeeded, for `status`.
    public var notice: String?

    public init(
        outcome: SyncOutcome, error: String? = nil, itemsChanged: Int? = nil, requests: Int? = nil,
        rateLimit: RateLimitSnapshot? = nil, repositoryID: Int? = nil, notice: String? = nil
    ) {
        self.outcome = outcome
        self.error = error
        self.itemsChanged = itemsChanged
        self.requests = requests
        self.rateLimit = rateLimit
        self.repositoryID = repositoryID
        self.notice = notice
    }
}
