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

/// GitHub's primary rate limit as its headers report it.
public struct RateLimitStatus: Sendable, Equatable {
    public let limit: Int?
    public let remaining: Int
    public let resetAt: Date?

    /// nil without a well-formed `X-RateLimit-Remaining`; a malformed limit or reset is left out.
    init?(_ response: HTTPResponse) {
        guard let remaining = HTTPHeaderValue.count(response.header("X-RateLimit-Remaining")) else { return nil }
        self.remaining = remaining
        limit = HTTPHeaderValue.count(response.header("X-RateLimit-Limit"))
        resetAt = HTTPHeaderValue.epochSeconds(response.header("X-RateLimit-Reset"))
    }
}
