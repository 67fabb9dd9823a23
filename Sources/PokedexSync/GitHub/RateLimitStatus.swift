import HTTPTypes
import IssueStore
import LocalDatabase
import PokedexStore
import SyncSettings
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// GitHub's primary rate limit as its headers report it.
public struct RateLimitStatus: Sendable, Equatable {
    public let limit: Int?
    public let remaining: Int
    public let resetAt: Date?

    /// The budget a run recorded, as it recorded it (a reset not in GitHub's form left out).
    init(_ snapshot: RateLimitSnapshot) {
        remaining = snapshot.remaining
        limit = snapshot.limit
        resetAt = snapshot.resetAt.flatMap(GitHubTimestamp.date)
    }

    /// nil without a well-formed `X-RateLimit-Remaining`; a malformed limit or reset is left out.
    init?(_ response: HTTPResponse) {
        guard let remaining = HTTPHeaderValue.count(response.header("X-RateLimit-Remaining")) else { return nil }
        self.remaining = remaining
        limit = HTTPHeaderValue.count(response.header("X-RateLimit-Limit"))
        resetAt = HTTPHeaderValue.epochSeconds(response.header("X-RateLimit-Reset"))
    }
}
