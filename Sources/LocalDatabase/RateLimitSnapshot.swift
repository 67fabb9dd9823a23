import JSONOutput
import SQLiteDatabase

/// GitHub's primary rate limit as an answer reported it.
public struct RateLimitSnapshot: Sendable, Equatable {
    public let remaining: Int
    public let limit: Int?
    /// UTC, ISO 8601.
    public let resetAt: String?

    public init(remaining: Int, limit: Int?, resetAt: String?) {
        self.remaining = remaining
        self.limit = limit
        self.resetAt = resetAt
    }
}
