import BodyCoding

/// A GitHub user as issues reference it.
public struct GitHubUser: Sendable, Equatable {
    public let id: Int
    public let login: String
    public let type: String?

    public init(id: Int, login: String, type: String?) {
        self.id = id
        self.login = login
        self.type = type
    }
}

public struct GitHubLabel: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let color: String?
    public let description: String?

    public init(id: Int, name: String, color: String?, description: String?) {
        self.id = id
        self.name = name
        self.color = color
        self.description = description
    }
}

public struct GitHubMilestone: Sendable, Equatable {
    public let id: Int
    public let number: Int
    public let title: String
    public let state: String?

    public init(id: Int, number: Int, title: String, state: String?) {
        self.id = id
        self.number = number
        self.title = title
        self.state = state
    }
}

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

/// Which stored issues a query wants.
public struct IssueFilter: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable { case open, closed, all }
    public enum Kinds: Sendable, Equatable { case issues, pullRequests, all }

    public var state: State = .open
    public var kinds: Kinds = .issues
    /// Every one of these labels (case-insensitive).
    public var labels: [String] = []
    public var author: String?
    /// Words that must all appear in the title, the body or one comment.
    public var search: String?
    public var limit = 30
    public var offset = 0

    public init() {}
}

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
