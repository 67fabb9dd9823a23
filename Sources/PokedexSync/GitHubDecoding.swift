import Foundation
import PokedexStore

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

    func stored(rawJSON: [UInt8]) -> GitHubIssue {
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
            openIssuesCount: body.openIssuesCount, htmlURL: body.htmlURL, rawJSON: [UInt8](response.body))
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
        let ranges: [Range<Int>]
        do {
            ranges = try JSONArrayElements.ranges(in: response.body)
        } catch {
            throw undecodable(response, reason: error.description)
        }
        guard ranges.count == items.count else {
            throw undecodable(response, reason: "\(items.count) items decoded but \(ranges.count) found")
        }
        let start = response.body.startIndex
        return zip(items, ranges).map { item, range in
            item.stored(rawJSON: [UInt8](response.body[start + range.lowerBound..<start + range.upperBound]))
        }
    }
}

/// What GitHub's error bodies say: `{"message": …}`.
struct GitHubErrorBody: Decodable {
    let message: String

    static func message(in response: HTTPResponse) -> String? {
        (try? JSONDecoder().decode(GitHubErrorBody.self, from: response.body))?.message
    }
}
