import JSONOutput
import SQLiteDatabase

/// GitHub's primary rate limit as an answer reported it.
public struct RateLimitSnapshot: Sendable, Equatable {
    public let remaining: Int
    public let limit: Int?
    /// UTC, ISO 8601.
    public let resetAt: String?
    /// Whose budget it is: a fingerprint of the API and the token that spend it.
    public let credential: String?

    public init(remaining: Int, limit: Int?, resetAt: String?, credential: String? = nil) {
        self.remaining = remaining
        self.limit = limit
        self.resetAt = resetAt
        self.credential = credential
    }
}
