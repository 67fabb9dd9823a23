import BodyCoding
import HTTPTypes
import IssueStore
import PokedexStore
import TextUtilities

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

/// The issue fields pokedex stores in columns (read by ``JSONScanner/gitHubIssue()``); the
/// item itself is kept as received.
struct GitHubIssueBody {
    struct PullRequest {
        let mergedAt: String?
    }

    let id: Int
    let number: Int
    let title: String
    let body: String?
    let state: String
    let stateReason: String?
    let locked: Bool
    let comments: Int
    let user: GitHubUser?
    let authorAssociation: String?
    let labels: [GitHubLabel]
    let assignees: [GitHubUser]
    let milestone: GitHubMilestone?
    let pullRequest: PullRequest?
    let draft: Bool?
    let createdAt: String
    let updatedAt: String
    let closedAt: String?
    let htmlURL: String

    func stored(rawJSON: StoredBody) -> GitHubIssue {
        GitHubIssue(
            id: id, number: number, title: title, body: body, state: state, stateReason: stateReason,
            locked: locked, comments: comments, author: user, authorAssociation: authorAssociation,
            labels: labels, assignees: assignees, milestone: milestone, isPullRequest: pullRequest != nil,
            draft: pullRequest != nil ? draft : nil, mergedAt: pullRequest?.mergedAt, createdAt: createdAt,
            updatedAt: updatedAt, closedAt: closedAt, htmlURL: htmlURL, rawJSON: rawJSON)
    }
}

/// GitHub's numbers and dates, checked before anything becomes state. Ids are 64-bit and
/// positive (the scan already refuses what does not fit an `Int`); issue and milestone
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
            + labels.map { positive("label id", $0.id) } + assignees.map { positive("assignee id", $0.id) }
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
        let items = try scannedItems(of: response) { scanner throws(JSONScanFailure) in try scanner.gitHubIssue() }
        // One bad item refuses the page: its high-water mark is committed with it.
        if let violation = items.lazy.compactMap(\.value.violation).first {
            throw undecodable(response, reason: violation)
        }
        var idByNumber: [Int: Int] = [:]
        for (item, _) in items
        where idByNumber.updateValue(item.id, forKey: item.number).map({ $0 != item.id }) == true {
            throw undecodable(response, reason: "two different items are numbered #\(item.number)")
        }
        let compressor = StoredBody.Compressor()
        return items.map { $0.value.stored(rawJSON: storedElement(of: response, at: $0.range, with: compressor)) }
    }
}

/// What GitHub's error bodies say: `{"message": …}`.
struct GitHubErrorBody: Decodable {
    let message: String

    static func message(in response: HTTPResponse) -> String? {
        (try? JSONDecoder().decode(GitHubErrorBody.self, from: response.body))?.message
    }
}

/// The comment fields pokedex stores in columns (read by ``JSONScanner/gitHubComment()``);
/// the comment itself is kept as received.
struct GitHubCommentBody {
    let id: Int
    let issueURL: String
    let user: GitHubUser?
    let authorAssociation: String?
    /// Always a string on GitHub (empty when nothing was written); null is read as empty.
    let body: String?
    let createdAt: String
    let updatedAt: String
    let htmlURL: String

    /// The issue number `issue_url` ends with (`…/issues/1347`), if it is one.
    var issueNumber: Int? {
        // Read on the UTF-8 view: it runs for every comment, and splitting the URL into
        // Substrings was a visible share of an issue sync.
        let utf8 = issueURL.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let digits = utf8[utf8.index(after: slash)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }), let number = Int(Substring(digits)),
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
            id: id, issueNumber: issueNumber, author: user, authorAssociation: authorAssociation,
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
        let items = try scannedItems(of: response) { scanner throws(JSONScanFailure) in try scanner.gitHubComment() }
        if let violation = items.lazy.compactMap(\.value.violation).first {
            throw undecodable(response, reason: violation)
        }
        let compressor = StoredBody.Compressor()
        return items.compactMap {
            $0.value.stored(rawJSON: storedElement(of: response, at: $0.range, with: compressor))
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

    /// Each element of the JSON array `response` holds, read by `item`, with its byte range.
    private static func scannedItems<Item>(
        of response: HTTPResponse, _ item: (inout JSONScanner) throws(JSONScanFailure) -> Item
    ) throws(FetchError) -> [(value: Item, range: Range<Int>)] {
        try scanned(response) { body throws(JSONScanFailure) in try JSONArrayElements.read(in: body, item) }
    }

    /// The element of `response` at `range`, as received, compressed here (on the task that
    /// fetched the page) rather than by the single writer. Unlike a whole response, a slice of
    /// the server's deflate stream is no stream of its own.
    private static func storedElement(
        of response: HTTPResponse, at range: Range<Int>, with compressor: StoredBody.Compressor
    ) -> StoredBody {
        let start = response.body.startIndex
        return response.body[start + range.lowerBound..<start + range.upperBound].withUnsafeBytes {
            compressor.compressing($0)
        }
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
