import IssueStore

public struct IssueCommand: Equatable, Sendable {
    public var repository: GitHubRepositoryName
    public var number: Int
    public var json = false
}
