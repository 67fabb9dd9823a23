import BodyCoding

/// An issue or pull request as downloaded, with the fields stored in columns and the item's
/// JSON exactly as received.
public struct GitHubIssue: Sendable, Equatable {
    public let id: Int
    public let number: Int
    public let title: String
    public let body: String?
    public let state: String
    public let stateReason: String?
    public let locked: Bool
    public let comments: Int
    public let author: GitHubUser?
    public let authorAssociation: String?
    public let labels: [GitHubLabel]
    public let assignees: [GitHubUser]
    public let milestone: GitHubMilestone?
    public let isPullRequest: Bool
    public let draft: Bool?
    public let mergedAt: String?
    public let createdAt: String
    public let updatedAt: String
    public let closedAt: String?
    public let htmlURL: String
    /// The JSON as received, in its stored form: compressed where it was decoded, so that
    /// the single writer only stores it.
    public let rawJSON: StoredBody

    public init(
        id: Int, number: Int, title: String, body: String?, state: String, stateReason: String?, locked: Bool,
        comments: Int, author: GitHubUser?, authorAssociation: String?, labels: [GitHubLabel],
        assignees: [GitHubUser], milestone: GitHubMilestone?, isPullRequest: Bool, draft: Bool?,
        mergedAt: String?, createdAt: String, updatedAt: String, closedAt: String?, htmlURL: String,
        rawJSON: StoredBody
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.body = body
        self.state = state
        self.stateReason = stateReason
        self.locked = locked
        self.comments = comments
        self.author = author
        self.authorAssociation = authorAssociation
        self.labels = labels
        self.assignees = assignees
        self.milestone = milestone
        self.isPullRequest = isPullRequest
        self.draft = draft
        self.mergedAt = mergedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.closedAt = closedAt
        self.htmlURL = htmlURL
        self.rawJSON = rawJSON
    }
}
