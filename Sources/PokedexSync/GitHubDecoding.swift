import BodyCoding
import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The repository fields pokedex stores in columns.
struct GitHubRepositoryBody: Decodable {
    let id: Int
    let fullName: String
    let description: String?
    let defaultBranch: String?
    let openIssuesCount: Int?
    let htmlURL: String?

    enum CodingKeys: String, CodingKey {
        case id, description
        case fullName = "full_name"
        case defaultBranch = "default_branch"
        case openIssuesCount = "open_issues_count"
        case htmlURL = "html_url"
    }
}

/// The issue fields pokedex stores in columns; the item itself is kept as received.
struct GitHubIssueBody: Decodable {
    struct User: Decodable {
        let id: Int
        let login: String
        let type: String?
        var stored: GitHubUser { GitHubUser(id: id, login: login, type: type) }
    }

    struct Label: Decodable {
        let id: Int
        let name: String
        let color: String?
        let description: String?
    }

    struct Milestone: Decodable {
        let id: Int
        let number: Int
        let title: String
        let state: String?
    }

    struct PullRequest: Decodable {
        let mergedAt: String?
        enum CodingKeys: String, CodingKey { case mergedAt = "merged_at" }
    }

    let id: Int
    let number: Int
    let title: String
    let body: String?
    let state: String
    let stateReason: String?
    let locked: Bool
    let comments: Int
    let user: User?
    let authorAssociation: String?
    let labels: [Label]
    let assignees: [User]?
    let milestone: Milestone?
    let pullRequest: PullRequest?
    let draft: Bool?
    let createdAt: String
    let updatedAt: String
    let closedAt: String?
    let htmlURL: String

    enum CodingKeys: String, CodingKey {
        case id, number, title, body, state, locked, comments, user, labels, assignees, milestone, draft
        case stateReason = "state_reason"
        case authorAssociation = "author_association"
        case pullRequest = "pull_request"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case closedAt = "closed_at"
        case htmlURL = "html_url"
    }

    func stored(rawJSON: StoredBody) -> GitHubIssue {
        GitHubIssue(
            id: id, number: number, title: title, body: body, state: state, stateReason: stateReason,
            locked: locked, comments: comments, author: user?.stored, authorAssociation: authorAssociation,
            labels: labels.map { GitHubLabel(id: $0.id, name: $0.name, color: $0.color, description: $0.description) },
            assignees: (assignees ?? []).map(\.stored),
            milestone: milestone.map {
                GitHubMilestone(id: $0.id, number: $0.number, title: $0.title, state: $0.state)
            },
            isPullRequest: pullRequest != nil, draft: pullRequest != nil ? draft : nil,
            mergedAt: pullRequest?.mergedAt, createdAt: createdAt, updatedAt: updatedAt, closedAt: closedAt,
            htmlURL: htmlURL, rawJSON: rawJSON)
    }
}

/// GitHub's numbers and dates, checked before anything becomes state. Ids are 64-bit and
/// positive (JSONDecoder already refuses what does not fit an `Int`); issue and milestone
/// numbers are positive, counts not negative, dates in GitHub's own form (``GitHubTimestamp``).
extension GitHubRepositoryBody {
    var violation: String? {
        if id <= 0 { return "repository id \(id) is not positive" }
        if let count = openIssuesCount, count < 0 { return "open_issues_count \(count) is negative" }
        return nil
    }
}

extension GitHubIssueBody {
    var violation: String? {
        func positive(_ name: String, _ value: Int) -> String? { value > 0 ? nil : "\(name) \(value) is not positive" }
        func date(_ name: String, _ value: String?) -> String? {
            guard let value, !GitHubTimestamp.isValid(value) else { return nil }
            return "\(name) \"\(Excerpt.of(value, maximumCharacters: 40))\" is not a YYYY-MM-DDTHH:MM:SSZ date"
        }
        let checks: [String?] =
            [
                positive("id", id), positive("number", number),
                comments < 0 ? "comments \(comments) is negative" : nil,
                user.flatMap { positive("user id", $0.id) },
                milestone.flatMap { positive("milestone id", $0.id) ?? positive("milestone number", $0.number) },
                date("created_at", createdAt), date("updated_at", updatedAt), date("closed_at", closedAt),
                date("merged_at", pullRequest?.mergedAt),
            ]
            + labels.map { positive("label id", $0.id) } + (assignees ?? []).map { positive("assignee id", $0.id) }
        guard let problem = checks.lazy.compactMap({ $0 }).first else { return nil }
        return "issue #\(number): \(problem)"
    }
}

extension JSONResponse {
    static func repository(from response: HTTPResponse) throws(FetchError) -> GitHubRepository {
        let body = try decode(GitHubRepositoryBody.self, from: response)
        if let violation = body.violation { throw undecodable(response, reason: violation) }
        return GitHubRepository(
            id: body.id, fullName: body.fullName, description: body.description, defaultBranch: body.defaultBranch,
            openIssuesCount: body.openIssuesCount, htmlURL: body.htmlURL, rawJSON: response.storedBody())
    }

    /// Each item of an issues page, decoded, with its own bytes as received.
    static func issues(from response: HTTPResponse) throws(FetchError) -> [GitHubIssue] {
        let items = try decode([GitHubIssueBody].self, from: response)
        // One bad item refuses the page: its high-water mark is committed with it.
        if let violation = items.lazy.compactMap(\.violation).first { throw undecodable(response, reason: violation) }
        var idByNumber: [Int: Int] = [:]
        for item in items where idByNumber.updateValue(item.id, forKey: item.number).map({ $0 != item.id }) == true {
            throw undecodable(response, reason: "two different items are numbered #\(item.number)")
        }
        return try zip(items, storedElements(of: response, count: items.count)).map { $0.stored(rawJSON: $1) }
    }
}

/// What GitHub's error bodies say: `{"message": …}`.
struct GitHubErrorBody: Decodable {
    let message: String

    static func message(in response: HTTPResponse) -> String? {
        (try? JSONDecoder().decode(GitHubErrorBody.self, from: response.body))?.message
    }
}

/// The comment fields pokedex stores in columns; the comment itself is kept as received.
struct GitHubCommentBody: Decodable {
    let id: Int
    let issueURL: String
    let user: GitHubIssueBody.User?
    let authorAssociation: String?
    /// Always a string on GitHub (empty when nothing was written); null is read as empty.
    let body: String?
    let createdAt: String
    let updatedAt: String
    let htmlURL: String

    enum CodingKeys: String, CodingKey {
        case id, user, body
        case issueURL = "issue_url"
        case authorAssociation = "author_association"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case htmlURL = "html_url"
    }

    /// The issue number `issue_url` ends with (`…/issues/1347`), if it is one.
    var issueNumber: Int? {
        guard let last = issueURL.split(separator: "/").last, last.allSatisfy(\.isASCII), let number = Int(last),
            number > 0
        else { return nil }
        return number
    }

    var violation: String? {
        func date(_ name: String, _ value: String) -> String? {
            GitHubTimestamp.isValid(value)
                ? nil : "\(name) \"\(Excerpt.of(value, maximumCharacters: 40))\" is not a YYYY-MM-DDTHH:MM:SSZ date"
        }
        let checks: [String?] = [
            id > 0 ? nil : "id \(id) is not positive",
            issueNumber == nil
                ? "issue_url \"\(Excerpt.of(issueURL, maximumCharacters: 80))\" does not end with an issue number"
                : nil,
            user.flatMap { $0.id > 0 ? nil : "user id \($0.id) is not positive" },
            date("created_at", createdAt), date("updated_at", updatedAt),
        ]
        guard let problem = checks.lazy.compactMap({ $0 }).first else { return nil }
        return "comment \(id): \(problem)"
    }

    func stored(rawJSON: StoredBody) -> GitHubComment? {
        guard let issueNumber else { return nil }
        return GitHubComment(
            id: id, issueNumber: issueNumber, author: user?.stored, authorAssociation: authorAssociation,
            body: body ?? "", createdAt: createdAt, updatedAt: updatedAt, htmlURL: htmlURL, rawJSON: rawJSON)
    }
}

/// What an owner's repository list says of each repository: enough to choose which to sync.
struct GitHubListedRepositoryBody: Decodable {
    let id: Int
    let fullName: String
    let hasIssues: Bool?
    let fork: Bool?
    let archived: Bool?

    enum CodingKeys: String, CodingKey {
        case id, fork, archived
        case fullName = "full_name"
        case hasIssues = "has_issues"
    }
}

extension JSONResponse {
    /// Each comment of a page, decoded, with its own bytes as received. One bad comment
    /// refuses the page, whose high-water mark would be committed with it.
    static func comments(from response: HTTPResponse) throws(FetchError) -> [GitHubComment] {
        let items = try decode([GitHubCommentBody].self, from: response)
        if let violation = items.lazy.compactMap(\.violation).first { throw undecodable(response, reason: violation) }
        return try zip(items, storedElements(of: response, count: items.count)).compactMap {
            $0.stored(rawJSON: $1)
        }
    }

    /// A page of an owner's repositories.
    static func listedRepositories(from response: HTTPResponse) throws(FetchError) -> [ListedRepository] {
        let items = try decode([GitHubListedRepositoryBody].self, from: response)
        if let bad = items.first(where: { $0.id <= 0 || GitHubRepositoryName($0.fullName) == nil }) {
            throw undecodable(
                response,
                reason: "repository \(bad.id) \"\(Excerpt.of(bad.fullName, maximumCharacters: 80))\" is not a valid one"
            )
        }
        return items.map { item in
            ListedRepository(
                id: item.id, fullName: item.fullName, hasIssues: item.hasIssues ?? true, isFork: item.fork ?? false,
                isArchived: item.archived ?? false)
        }
    }

    /// Each of the `count` elements of the JSON array `response` holds, as received, compressed
    /// here (on the task that fetched the page) rather than by the single writer. Unlike a
    /// whole response, a slice of the server's deflate stream is no stream of its own.
    static func storedElements(of response: HTTPResponse, count: Int) throws(FetchError) -> [StoredBody] {
        let start = response.body.startIndex
        return try elementRanges(of: response, count: count).map { range in
            response.body[start + range.lowerBound..<start + range.upperBound].withUnsafeBytes {
                StoredBody.compressing($0)
            }
        }
    }

    /// The byte range of each of `count` elements of the JSON array `response` holds.
    private static func elementRanges(of response: HTTPResponse, count: Int) throws(FetchError) -> [Range<Int>] {
        let ranges: [Range<Int>]
        do {
            ranges = try JSONArrayElements.ranges(in: response.body)
        } catch {
            throw undecodable(response, reason: error.description)
        }
        guard ranges.count == count else {
            throw undecodable(response, reason: "\(count) items decoded but \(ranges.count) found")
        }
        return ranges
    }
}

/// A repository as its owner's list shows it.
public struct ListedRepository: Sendable, Equatable {
    public let id: Int
    public let fullName: String
    public let hasIssues: Bool
    public let isFork: Bool
    public let isArchived: Bool
}
