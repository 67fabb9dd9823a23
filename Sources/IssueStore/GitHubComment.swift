import BodyCoding

/// An issue or pull-request comment as downloaded, with the fields stored in columns and the
/// comment's JSON exactly as received.
public struct GitHubComment: Sendable, Equatable {
    public let id: Int
    /// The issue it belongs to, by the number at the end of its `issue_url`.
    public let issueNumber: Int
    /// nil for a deleted account (GitHub then sends `"user": null`).
    public let author: GitHubUser?
    public let authorAssociation: String?
    public let body: String
    public let createdAt: String
    public let updatedAt: String
    public let htmlURL: String
    /// The JSON as received, in its stored form: compressed where it was decoded, so that
    /// the single writer only stores it.
    public let rawJSON: StoredBody

    public init(
        id: Int, issueNumber: Int, author: GitHubUser?, authorAssociation: String?, body: String,
        createdAt: String, updatedAt: String, htmlURL: String, rawJSON: StoredBody
    ) {
        self.id = id
        self.issueNumber = issueNumber
        self.author = author
        self.authorAssociation = authorAssociation
        self.body = body
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.htmlURL = htmlURL
        self.rawJSON = rawJSON
    }
}
