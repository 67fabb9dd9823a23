import Foundation

/// A GitHub account as it appears in `user`, `assignees`, `owner` and `creator` objects.
public struct FakeGitHubUser: Sendable, Hashable {
    public var login: String
    public var id: Int64
    /// `"User"`, `"Organization"` or `"Bot"`.
    public var type: String

    public init(login: String, id: Int64, type: String = "User") {
        self.login = login
        self.id = id
        self.type = type
    }

    public static let octocat = FakeGitHubUser(login: "octocat", id: 583_231)
    public static let hubot = FakeGitHubUser(login: "hubot", id: 480_938)
    public static let monalisa = FakeGitHubUser(login: "monalisa", id: 2_918_581)
    /// A `Bot` account; its login contains brackets, which URLs percent-encode.
    public static let dependabot = FakeGitHubUser(login: "dependabot[bot]", id: 49_699_333, type: "Bot")
}

/// A repository label. GitHub's default label names render with `"default": true`.
public struct FakeGitHubLabel: Sendable, Hashable {
    public var id: Int64
    public var name: String
    /// Six hex digits without `#`, e.g. `"d73a4a"`.
    public var color: String
    public var description: String?

    public init(id: Int64, name: String, color: String, description: String? = nil) {
        self.id = id
        self.name = name
        self.color = color
        self.description = description
    }
}

/// A milestone; its issue counts, dates and URLs are derived when rendered.
public struct FakeGitHubMilestone: Sendable, Hashable {
    public var id: Int64
    public var number: Int
    public var title: String
    /// `"open"` or `"closed"`.
    public var state: String

    public init(id: Int64, number: Int, title: String, state: String = "open") {
        self.id = id
        self.number = number
        self.title = title
        self.state = state
    }
}

/// A repository served by ``FakeGitHub``, with its issues and pull requests.
public struct FakeGitHubRepository: Sendable {
    /// Real repository ids exceed 2^31; keep it that way so clients are forced to use 64 bits.
    public var id: Int64
    public var owner: String
    public var name: String
    public var description: String?
    public var defaultBranch: String
    /// `false` makes every issues endpoint answer `410 Gone`.
    public var hasIssues: Bool
    /// Issues and pull requests; numbers must be unique (order does not matter).
    public var issues: [FakeGitHubIssue]
    /// Comments of the issues, ids unique. An issue's `comments` should count its own (the
    /// fake's changes keep them equal; a test may set them apart on purpose).
    public var comments: [FakeGitHubComment]
    public var isFork: Bool
    public var isArchived: Bool
    /// Rendered as `"private": true` (the fake serves it to anyone all the same).
    public var isPrivate = false

    public init(
        id: Int64, owner: String, name: String, description: String? = nil,
        defaultBranch: String = "main", hasIssues: Bool = true, issues: [FakeGitHubIssue] = [],
        comments: [FakeGitHubComment] = [], isFork: Bool = false, isArchived: Bool = false
    ) {
        self.id = id
        self.owner = owner
        self.name = name
        self.description = description
        self.defaultBranch = defaultBranch
        self.hasIssues = hasIssues
        self.issues = issues
        self.comments = comments
        self.isFork = isFork
        self.isArchived = isArchived
    }

    /// `"owner/name"`.
    public var fullName: String { "\(owner)/\(name)" }

    /// The id ``generated(owner:name:issueCount:id:)`` uses when none is given: a hash of the
    /// lower-cased full name in `3_000_000_000 ..< 4_000_000_000`.
    public static func defaultID(owner: String, name: String) -> Int64 {
        3_000_000_000 + Int64(fnv1a64(Array("\(owner)/\(name)".lowercased().utf8)) % 1_000_000_000)
    }

    /// A deterministic repository (a pure function of the arguments) with issues #1…#`issueCount`
    /// and each issue's `comments` comments (some by deleted accounts, some edited, some empty,
    /// a few of 65,536 characters, escape sequences among them).
    ///
    /// About 1 in 4 is a pull request (some drafts, most closed ones merged); about 45 % of the
    /// issues are open, closed ones have `stateReason` `completed` or `not_planned`. `createdAt`
    /// rises with the number from 2019-01-01; `updatedAt` ≥ `createdAt`, spread (a quarter
    /// never updated, most within a month, a long tail) so that ordering by update time differs
    /// from ordering by number, all before 2025-06-01. Titles and bodies carry the awkward
    /// cases (null/empty bodies, `\r\n`, non-ASCII, quotes, backslashes, tabs, control
    /// characters); issue #3 is titled `"Colour \u{1B}[31mred\u{1B}[0m in the terminal"`.
    /// Issue ids are `2_500_000_000 + (repository id % 1000) * 10^10 + number * 7`.
    /// - Parameter id: defaults to ``defaultID(owner:name:)``.
    public static func generated(
        owner: String, name: String, issueCount: Int, id: Int64? = nil
    ) -> FakeGitHubRepository {
        precondition(issueCount >= 0, "FakeGitHubRepository.generated: negative issueCount")
        let repositoryID = id ?? defaultID(owner: owner, name: name)
        let generator = FakeGitHubIssueGenerator(
            seed: fnv1a64(Array("\(owner)/\(name)".lowercased().utf8)), repositoryID: repositoryID)
        let issues = issueCount == 0 ? [] : (1...issueCount).map { generator.issue(number: $0, of: issueCount) }
        let comments = FakeGitHubCommentGenerator(
            seed: fnv1a64(Array("\(owner)/\(name)".lowercased().utf8)), repositoryID: repositoryID)
        return FakeGitHubRepository(
            id: repositoryID, owner: owner, name: name,
            description: "Generated fixture for pokédex tests — \(issueCount) issues & pull requests",
            issues: issues, comments: issues.flatMap(comments.comments))
    }
}
