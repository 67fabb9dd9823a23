import BodyCoding
import Foundation
import PokedexStore
import Testing

@testable import HTTPTypes
@testable import IssueStore
@testable import PokedexSync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Comment objects as api.github.com sends them (keys in its order: url, html_url, issue_url,
/// id, node_id, user, created_at, updated_at, author_association, body, reactions,
/// performed_via_github_app), and the ones pokedex refuses.
@Suite("GitHub comment decoding")
struct GitHubCommentDecodingTests {
    static let octocat =
        #"{"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==","avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","gravatar_id":"","url":"https://api.github.com/users/octocat","html_url":"https://github.com/octocat","type":"User","user_view_type":"public","site_admin":false}"#

    /// A comment with `user` and `body` as given (JSON text) on issue 1347.
    static func comment(
        id: Int = 2_300_491_928, user: String = octocat, body: String, issueURL: String? = nil,
        created: String = "2024-03-01T10:00:00Z", updated: String = "2024-03-01T10:05:00Z"
    ) -> String {
        let issue = issueURL ?? "https://api.github.com/repos/octo-org/hello-world/issues/1347"
        return
            #"{"url":"https://api.github.com/repos/octo-org/hello-world/issues/comments/\#(id)","html_url":"https://github.com/octo-org/hello-world/issues/1347#issuecomment-\#(id)","issue_url":"\#(issue)","id":\#(id),"node_id":"IC_kwDOABCD","user":\#(user),"created_at":"\#(created)","updated_at":"\#(updated)","author_association":"MEMBER","body":\#(body),"reactions":{"url":"x","total_count":0,"+1":0,"-1":0,"laugh":0,"hooray":0,"confused":0,"heart":0,"rocket":0,"eyes":0},"performed_via_github_app":null}"#
    }

    static func page(_ items: [String]) -> HTTPResponse {
        HTTPResponse(
            url: URL(string: "https://api.github.com/repositories/1/issues/comments")!, status: 200, headers: [:],
            body: Data(("[" + items.joined(separator: ",") + "]").utf8))
    }

    static let huge = String(repeating: "ü", count: 65_536)

    @Test(
        "fields as stored: author (null for a deleted account), body exactly, issue number from issue_url",
        arguments: [
            (comment(body: #""Same here\r\non macOS""#), "octocat", "Same here\r\non macOS"),
            (comment(user: "null", body: #""from a ghost""#), nil, "from a ghost"),
            (comment(body: #""""#), "octocat", ""),
            (comment(body: "null"), "octocat", ""),
            (
                comment(body: #""\u001b[31mred\u001b[0m \u0007 \\ \" \t é ♀ \u2028 👩‍💻""#), "octocat",
                "\u{1B}[31mred\u{1B}[0m \u{07} \\ \" \t é ♀ \u{2028} 👩‍💻"
            ),
            (comment(body: "\"\(huge)\""), "octocat", huge),
        ] as [(String, String?, String)])
    func decodes(json: String, author: String?, body: String) throws {
        let decoded = try #require(try JSONResponse.comments(from: Self.page([json])).first)
        #expect(decoded.id == 2_300_491_928)
        #expect(decoded.issueNumber == 1347)
        #expect(decoded.author?.login == author)
        #expect(decoded.body == body)
        #expect(decoded.authorAssociation == "MEMBER")
        #expect(decoded.createdAt == "2024-03-01T10:00:00Z" && decoded.updatedAt == "2024-03-01T10:05:00Z")
        #expect(decoded.htmlURL.hasSuffix("#issuecomment-2300491928"))
        #expect(try decoded.rawJSON.decoded() == Array(json.utf8), "kept exactly as received")
    }

    @Test("each comment of a page keeps its own bytes")
    func pageOfMany() throws {
        let items = [
            Self.comment(id: 1, body: #""a ] } , [""#), Self.comment(id: 2, user: "null", body: #""b""#),
            Self.comment(id: 3, body: #""""#),
        ]
        let decoded = try JSONResponse.comments(from: Self.page(items))
        #expect(decoded.map(\.id) == [1, 2, 3])
        #expect(try decoded.map { String(decoding: try $0.rawJSON.decoded(), as: UTF8.self) } == items)
    }

    @Test("each comment is compressed where it is decoded, the writer only storing it")
    func compressedWhenDecoded() throws {
        let comments = try JSONResponse.comments(
            from: Self.page([Self.comment(id: 1, body: "\"\(Self.huge)\""), Self.comment(id: 2, body: #""b""#)]))
        let huge = try #require(comments.first?.rawJSON)
        #expect(huge.encoding == .zlib && huge.bytes.count * 10 < huge.decodedSize)
        #expect(try String(decoding: huge.decoded(), as: UTF8.self) == Self.comment(id: 1, body: "\"\(Self.huge)\""))
        #expect(comments.last?.rawJSON.encoding == .zlib, "a comment's URLs repeat enough to shrink")
    }

    @Test(
        "a bad comment refuses its page",
        arguments: [
            (comment(id: 0, body: #""x""#), "id 0 is not positive"),
            (
                comment(body: #""x""#, issueURL: "https://api.github.com/repos/o/r/issues/abc"),
                "does not end with an issue number"
            ),
            (
                comment(body: #""x""#, issueURL: "https://api.github.com/repos/o/r/issues/-3"),
                "does not end with an issue number"
            ),
            (
                comment(body: #""x""#, issueURL: "https://api.github.com/repos/o/r/issues/"),
                "does not end with an issue number"
            ),
            (
                comment(body: #""x""#, issueURL: "https://api.github.com/repos/o/r/issues/12a"),
                "does not end with an issue number"
            ),
            (
                comment(body: #""x""#, issueURL: "https://api.github.com/repos/o/r/issues/99999999999999999999"),
                "does not end with an issue number"
            ),
            (comment(body: #""x""#, issueURL: "1347"), "does not end with an issue number"),
            (
                comment(body: #""x""#, issueURL: "https://api.github.com/repos/o/r/issues/0"),
                "does not end with an issue number"
            ),
            (comment(body: #""x""#, created: "yesterday"), "created_at \"yesterday\" is not"),
            (comment(body: #""x""#, updated: "2024-03-01 10:05:00"), "updated_at"),
            (comment(user: #"{"login":"x","id":-1}"#, body: #""x""#), "user id -1 is not positive"),
            (#"{"id":1}"#, ""),
        ] as [(String, String)])
    func refuses(json: String, reason: String) {
        #expect {
            _ = try JSONResponse.comments(from: Self.page([json]))
        } throws: { error in
            guard case FetchError.undecodable(_, let said, _) = error else { return false }
            return reason.isEmpty || said.contains(reason)
        }
    }

    @Test(
        "an owner's repository list: what decides which to sync",
        arguments: [
            (#"{"id":5,"full_name":"acme/a","has_issues":true,"fork":false,"archived":false}"#, true, false, false),
            (#"{"id":5,"full_name":"acme/a","has_issues":false,"fork":true,"archived":true}"#, false, true, true),
            (#"{"id":5,"full_name":"acme/a"}"#, true, false, false),
        ] as [(String, Bool, Bool, Bool)])
    func listedRepositories(json: String, hasIssues: Bool, isFork: Bool, isArchived: Bool) throws {
        let listed = try #require(try JSONResponse.listedRepositories(from: Self.page([json])).first)
        #expect(listed.id == 5 && listed.fullName == "acme/a")
        #expect(listed.hasIssues == hasIssues && listed.isFork == isFork && listed.isArchived == isArchived)
    }

    @Test(
        "which listed repositories an owner's sync leaves out",
        arguments: [
            (true, false, false, false, false, nil),
            (false, false, false, true, true, "issues disabled"),
            (true, true, false, false, false, "a fork (--include-forks takes it)"),
            (true, true, false, true, false, nil),
            (true, false, true, false, false, "archived (--include-archived takes it)"),
            (true, false, true, false, true, nil),
        ] as [(Bool, Bool, Bool, Bool, Bool, String?)])
    func exclusions(hasIssues: Bool, isFork: Bool, isArchived: Bool, forks: Bool, archived: Bool, reason: String?) {
        let repository = ListedRepository(
            id: 1, fullName: "acme/a", hasIssues: hasIssues, isFork: isFork, isArchived: isArchived)
        let owner = GitHubOwner(login: "acme", kind: .organization, includeForks: forks, includeArchived: archived)
        #expect(repository.exclusion(for: owner) == reason)
    }
}
