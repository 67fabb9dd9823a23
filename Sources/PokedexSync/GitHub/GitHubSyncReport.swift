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

/// What one repository's sync did.
public struct GitHubSyncReport: Sendable, Equatable {
    /// The repository's name as GitHub reports it now.
    public var repository: String
    /// The name asked for, when GitHub answered under another one (renamed or transferred).
    public var renamedFrom: String?
    /// GitHub's id of the repository, once known.
    public var repositoryID: Int?
    /// Pages of issues.
    public var pages = 0
    /// Issues and pull requests received.
    public var itemsReceived = 0
    /// Issues and pull requests new or different from what was stored.
    public var itemsChanged = 0
    public var commentPages = 0
    public var commentsReceived = 0
    /// Comments new or different from what was stored.
    public var commentsChanged = 0
    /// Issues whose comment count differed from the comments stored, re-listed whole.
    public var threadsReread = 0
    /// Comments removed because the server no longer lists them.
    public var commentsDeleted = 0
    /// Issues removed by a reconcile because the server no longer lists them.
    public var issuesDeleted = 0
    /// Whether this run reconciled the whole repository.
    public var reconciled = false
    public var notModified = 0

    /// What is stored of the repository once the run ended.
    public var stored: RepositoryCounts?

    /// Pages of every list committed, for a failure to say how much was kept.
    public var pagesCommitted: Int { pages + commentPages }
    /// The primary rate limit as last reported, when the server sends it.
    public var rateLimit: RateLimitStatus?
}
extension GitHubSyncReport {
    mutating func note(_ response: HTTPResponse) {
        if let status = RateLimitStatus(response) { rateLimit = status }
    }

    mutating func tallyIssues(_ page: GitHubListPage) {
        pages += 1
        itemsReceived += page.received
        itemsChanged += page.changed
    }

    mutating func tallyComments(_ page: GitHubListPage) {
        commentPages += 1
        commentsReceived += page.received
        commentsChanged += page.changed
    }
}
