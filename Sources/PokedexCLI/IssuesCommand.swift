import IssueStore

public struct IssuesCommand: Equatable, Sendable {
    public var repository: GitHubRepositoryName
    public var filter = IssueFilter()
    public var json = false
}
