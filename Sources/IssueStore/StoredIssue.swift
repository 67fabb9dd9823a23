import BodyCoding

/// An issue as `pokedex issues` and `pokedex issue` present it.
public struct StoredIssue: Sendable, Equatable {
    public let repository: String
    public let number: Int
    public let title: String
    public let body: String?
    public let state: String
    public let stateReason: String?
    public let locked: Bool
    public let isPullRequest: Bool
    public let draft: Bool?
    public let mergedAt: String?
    /// Label names and assignees' logins, in the order GitHub sent them.
    public internal(set) var labels: [String]
    public let author: String?
    public internal(set) var assignees: [String]
    public let milestone: String?
    public let comments: Int
    public let createdAt: String
    public let updatedAt: String
    public let closedAt: String?
    public let htmlURL: String
    /// With `--search`: where the issue matched.
    public internal(set) var matched: SearchMatch = []
}
