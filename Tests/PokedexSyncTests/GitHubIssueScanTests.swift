import BodyCoding
import Foundation
import PokedexStore
import Testing

@testable import HTTPTypes
@testable import IssueStore
@testable import PokedexSync

/// A JSON object of `fields` (values as JSON text) in their order, with `key` set to `value`,
/// or left out when `value` is nil.
func jsonObject(_ fields: [(key: String, value: String)], setting key: String?, to value: String?) -> String {
    let pairs = fields.compactMap { field -> String? in
        guard field.key == key else { return "\"\(field.key)\":\(field.value)" }
        return value.map { "\"\(field.key)\":\($0)" }
    }
    return "{" + pairs.joined(separator: ",") + "}"
}

/// Issue objects as the scan reads them: which fields GitHub's schema requires, which may be
/// missing or null, and what a wrong type does. Each case changes one field of a complete
/// issue in api.github.com's key order, unwanted keys (URLs, reactions, apps) included.
@Suite("GitHub issue scan")
struct GitHubIssueScanTests {
    /// The fields of a complete pull request, as JSON text, in GitHub's order.
    static let fields: [(key: String, value: String)] = [
        ("url", #""https://api.github.com/repos/o/r/issues/7""#),
        ("html_url", #""https://github.com/o/r/pull/7""#), ("id", "1001"), ("node_id", #""I_kw""#),
        ("number", "7"), ("title", #""Fix the \"crash\"""#),
        ("user", #"{"login":"octocat","id":583231,"type":"User","site_admin":false}"#),
        ("labels", #"[{"id":5,"node_id":"L","name":"bug","color":"f00","default":true,"description":null}]"#),
        ("state", #""closed""#), ("locked", "true"), ("assignee", "null"),
        ("assignees", #"[{"login":"hubot","id":2,"type":"Bot"}]"#),
        ("milestone", #"{"url":"u","id":70,"number":1,"title":"v1","state":"open","creator":null}"#),
        ("comments", "3"), ("created_at", #""2024-01-01T00:00:00Z""#), ("updated_at", #""2024-01-02T00:00:00Z""#),
        ("closed_at", #""2024-01-03T00:00:00Z""#), ("author_association", #""MEMBER""#),
        ("body", #""line\r\nline""#), ("reactions", #"{"total_count":0,"+1":0}"#),
        ("state_reason", #""completed""#), ("draft", "false"),
        ("pull_request", #"{"url":"p","merged_at":"2024-01-03T00:00:00Z","diff_url":"d"}"#),
        ("performed_via_github_app", "null"),
    ]

    /// The issue with `key` set to `value` (JSON text), or left out when `value` is nil.
    static func issue(_ key: String? = nil, _ value: String? = nil) -> String {
        jsonObject(fields, setting: key, to: value)
    }

    static func decode(_ items: [String]) throws -> [GitHubIssue] {
        try JSONResponse.issues(
            from: HTTPResponse(
                url: URL(string: "https://api.github.com/repositories/1/issues")!, status: 200, headers: [:],
                body: Data(("[" + items.joined(separator: ",") + "]").utf8)))
    }

    @Test("every stored field of a complete pull request")
    func complete() throws {
        let issue = try #require(try Self.decode([Self.issue()]).first)
        #expect(issue.id == 1001 && issue.number == 7 && issue.title == #"Fix the "crash""#)
        #expect(issue.body == "line\r\nline" && issue.state == "closed" && issue.stateReason == "completed")
        #expect(issue.locked && issue.comments == 3 && issue.authorAssociation == "MEMBER")
        #expect(issue.author == GitHubUser(id: 583231, login: "octocat", type: "User"))
        #expect(issue.labels == [GitHubLabel(id: 5, name: "bug", color: "f00", description: nil)])
        #expect(issue.assignees == [GitHubUser(id: 2, login: "hubot", type: "Bot")])
        #expect(issue.milestone == GitHubMilestone(id: 70, number: 1, title: "v1", state: "open"))
        #expect(issue.isPullRequest && issue.draft == false && issue.mergedAt == "2024-01-03T00:00:00Z")
        #expect(issue.createdAt == "2024-01-01T00:00:00Z" && issue.updatedAt == "2024-01-02T00:00:00Z")
        #expect(issue.closedAt == "2024-01-03T00:00:00Z" && issue.htmlURL == "https://github.com/o/r/pull/7")
        #expect(try issue.rawJSON.decoded() == Array(Self.issue().utf8))
    }

    @Test(
        "optional fields may be missing or null",
        arguments: [
            "body", "state_reason", "user", "author_association", "assignees", "milestone", "draft", "closed_at",
            "pull_request",
        ], [nil, "null"] as [String?])
    func optional(key: String, value: String?) throws {
        let issue = try #require(try Self.decode([Self.issue(key, value)]).first)
        switch key {
        case "body": #expect(issue.body == nil)
        case "state_reason": #expect(issue.stateReason == nil)
        case "user": #expect(issue.author == nil)
        case "author_association": #expect(issue.authorAssociation == nil)
        case "assignees": #expect(issue.assignees.isEmpty)
        case "milestone": #expect(issue.milestone == nil)
        case "draft": #expect(issue.draft == nil)
        case "closed_at": #expect(issue.closedAt == nil)
        default:
            #expect(!issue.isPullRequest && issue.draft == nil && issue.mergedAt == nil, "an issue, not a PR")
        }
    }

    @Test(
        "a required field missing, null or of the wrong type refuses the page, saying which",
        arguments: [
            ("id", nil, #"missing "id""#), ("id", "null", "expected an integer"),
            ("id", #""1001""#, "expected an integer"), ("id", "1001.5", "fraction"),
            ("id", "99999999999999999999", "out of range"), ("number", nil, #"missing "number""#),
            ("title", nil, #"missing "title""#), ("title", "null", "expected a string"),
            ("title", "7", "expected a string"), ("state", nil, #"missing "state""#),
            ("locked", nil, #"missing "locked""#), ("locked", "1", "expected true or false"),
            ("comments", nil, #"missing "comments""#), ("comments", "-1", "comments -1 is negative"),
            ("labels", nil, #"missing "labels""#), ("labels", "null", "expected '['"),
            ("labels", #"[{"id":5}]"#, #"missing "label name""#), ("labels", #"[{"name":"x"}]"#, "label id"),
            ("created_at", nil, #"missing "created_at""#), ("updated_at", "null", "expected a string"),
            ("created_at", #""yesterday""#, #"created_at "yesterday" is not"#),
            ("html_url", nil, #"missing "html_url""#), ("user", #"{"id":1}"#, #"missing "user login""#),
            ("user", #"{"login":"x","id":0}"#, "user id 0 is not positive"),
            ("user", #""octocat""#, "expected '{'"), ("assignees", #"[{"login":"x"}]"#, "user id"),
            ("milestone", #"{"id":1,"number":2}"#, "milestone title"), ("draft", #""no""#, "expected true or false"),
            ("pull_request", "[]", "expected '{'"), ("pull_request", #"{"merged_at":5}"#, "expected a string"),
            ("reactions", #"{"total_count":}"#, "expected a value"), ("body", #""\ud800""#, "unpaired high surrogate"),
        ] as [(String, String?, String)])
    func required(key: String, value: String?, reason: String) {
        #expect {
            _ = try Self.decode([Self.issue(), Self.issue(key, value)])
        } throws: { error in
            guard case FetchError.undecodable(_, let said, _) = error else { return false }
            return said.contains(reason)
        }
    }

    @Test("a key spelled with escapes is the key it spells; keys are case-sensitive")
    func escapedKeys() throws {
        let escaped = Self.issue().replacingOccurrences(of: #""title":"#, with: #""t\u0069tle":"#)
        #expect(try Self.decode([escaped]).first?.title == #"Fix the "crash""#)
        let capitalised = Self.issue().replacingOccurrences(of: #""title":"#, with: #""Title":"#)
        #expect(throws: FetchError.self) { try Self.decode([capitalised]) }
    }
}

/// Comment objects as the scan reads them, one field changed at a time, as for issues.
@Suite("GitHub comment scan")
struct GitHubCommentScanTests {
    static let fields: [(key: String, value: String)] = [
        ("url", #""https://api.github.com/repos/o/r/issues/comments/5""#),
        ("html_url", #""https://github.com/o/r/issues/7#issuecomment-5""#),
        ("issue_url", #""https://api.github.com/repos/o/r/issues/7""#), ("id", "5"), ("node_id", #""IC""#),
        ("user", #"{"login":"octocat","id":583231,"type":"User"}"#), ("created_at", #""2024-01-01T00:00:00Z""#),
        ("updated_at", #""2024-01-02T00:00:00Z""#), ("author_association", #""MEMBER""#), ("body", #""Same here""#),
        ("reactions", #"{"total_count":0}"#), ("performed_via_github_app", "null"),
    ]

    static func comment(_ key: String, _ value: String?) -> String { jsonObject(fields, setting: key, to: value) }

    static func decode(_ items: [String]) throws -> [GitHubComment] {
        try JSONResponse.comments(
            from: HTTPResponse(
                url: URL(string: "https://api.github.com/repositories/1/issues/comments")!, status: 200,
                headers: [:], body: Data(("[" + items.joined(separator: ",") + "]").utf8)))
    }

    @Test("optional fields may be missing or null", arguments: ["user", "author_association", "body"], [nil, "null"])
    func optional(key: String, value: String?) throws {
        let comment = try #require(try Self.decode([Self.comment(key, value)]).first)
        #expect(comment.id == 5 && comment.issueNumber == 7)
        switch key {
        case "user": #expect(comment.author == nil)
        case "author_association": #expect(comment.authorAssociation == nil)
        default: #expect(comment.body == "", "no body is an empty one")
        }
    }

    @Test(
        "a required field missing, null or of the wrong type refuses the page, saying which",
        arguments: [
            ("id", nil, #"missing "id""#), ("id", "null", "expected an integer"),
            ("issue_url", nil, #"missing "issue_url""#), ("issue_url", "null", "expected a string"),
            ("created_at", nil, #"missing "created_at""#), ("updated_at", "7", "expected a string"),
            ("html_url", nil, #"missing "html_url""#), ("user", #"{"login":"x"}"#, #"missing "user id""#),
            ("body", "[]", "expected a string"), ("author_association", "false", "expected a string"),
        ] as [(String, String?, String)])
    func required(key: String, value: String?, reason: String) {
        #expect {
            _ = try Self.decode([Self.comment("url", #""u""#), Self.comment(key, value)])
        } throws: { error in
            guard case FetchError.undecodable(_, let said, _) = error else { return false }
            return said.contains(reason)
        }
    }

    @Test("a key named twice keeps its last value, as in the PokeAPI shapes")
    func repeatedKey() throws {
        let twice = Self.comment("body", #""first""#).dropLast() + #","body":"last"}"#
        #expect(try Self.decode([String(twice)]).first?.body == "last")
    }
}
