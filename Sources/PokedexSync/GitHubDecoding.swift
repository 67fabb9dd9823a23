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

extension JSONResponse {
    static func repository(from response: HTTPResponse) throws(FetchError) -> GitHubRepository {
        let body = try decode(GitHubRepositoryBody.self, from: response)
        return GitHubRepository(
            id: body.id, fullName: body.fullName, description: body.description, defaultBranch: body.defaultBranch,
            openIssuesCount: body.openIssuesCount, htmlURL: body.htmlURL, rawJSON: [UInt8](response.body))
    }

    /// Each item of an issues page, decoded, with its own bytes as received.
    static func issues(from response: HTTPResponse) throws(FetchError) -> [GitHubIssue] {
        let items = try decode([GitHubIssueBody].self, from: response)
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
