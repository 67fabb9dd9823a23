import BodyCoding

/// A repository as downloaded, with the fields stored in columns.
public struct GitHubRepository: Sendable, Equatable {
    public let id: Int
    public let fullName: String
    public let description: String?
    public let defaultBranch: String?
    public let openIssuesCount: Int?
    public let htmlURL: String?
    /// The JSON as received, in its stored form: compressed where it was decoded, so that
    /// the single writer only stores it.
    public let rawJSON: StoredBody

    public init(
        id: Int, fullName: String, description: String?, defaultBranch: String?, openIssuesCount: Int?,
        htmlURL: String?, rawJSON: StoredBody
    ) {
        self.id = id
        self.fullName = fullName
        self.description = description
        self.defaultBranch = defaultBranch
        self.openIssuesCount = openIssuesCount
        self.htmlURL = htmlURL
        self.rawJSON = rawJSON
    }
}
