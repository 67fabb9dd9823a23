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

/// Why a repository could not be synced. Everything committed before stays.
public enum GitHubSyncError: Error, CustomStringConvertible, Equatable {
    case notFound(repository: String)
    case ownerNotFound(login: String)
    case issuesDisabled(repository: String)
    /// `tokenSent`: whether the request carried GITHUB_TOKEN's (or GH_TOKEN's) token.
    case unauthorized(url: String, message: String, tokenSent: Bool)
    /// The rate limit is exhausted and resets later than the caller will wait: at `resetAt`,
    /// `wait` from when the answer came (on the sync's clock). `budget` is what the refusing
    /// answer's `X-RateLimit-*` headers said (a secondary limit refuses with budget left).
    /// `foundByEarlierSync`: no request of this sync was answered so; an earlier one's was.
    case rateLimited(resetAt: Date, wait: Duration, budget: RateLimitStatus? = nil, foundByEarlierSync: Bool = false)

    public var description: String {
        switch self {
        case .notFound(let repository):
            return "repository \(repository) not found, or private: set GITHUB_TOKEN to a token that can read it"
        case .ownerNotFound(let login):
            return "no GitHub user or organization \(login) (HTTP 404)"
        case .issuesDisabled(let repository):
            return "repository \(repository) has issues disabled (HTTP 410); nothing to sync"
        case .unauthorized(let url, let message, let tokenSent):
            return tokenSent
                ? "GitHub refused the token in GITHUB_TOKEN or GH_TOKEN for GET \(url) (HTTP 401: \(message))"
                : "GitHub wants a token for GET \(url) (HTTP 401: \(message)): set GITHUB_TOKEN or GH_TOKEN"
        case .rateLimited(let resetAt, let wait, _, let foundByEarlierSync):
            let seconds = max(0, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
            return
                "GitHub's rate limit is exhausted until \(Self.iso8601(resetAt)) (in \(seconds / 60) min \(seconds % 60) s); "
                + (foundByEarlierSync
                    ? "an earlier sync found it so, and nothing was sent: run again after that"
                    : "everything fetched so far is stored: run again after that")
        }
    }

    /// Whether the failure is about one repository only, so a refresh of several goes on.
    public var concernsOneRepository: Bool {
        switch self {
        case .notFound, .issuesDisabled: return true
        case .ownerNotFound, .unauthorized, .rateLimited: return false
        }
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
