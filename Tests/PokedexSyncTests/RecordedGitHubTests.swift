import Foundation
import PokedexStore
import TestSupport
import Testing

@testable import HTTPTypes
@testable import PokedexSync

/// The production decoders over real api.github.com answers recorded by octokit/fixtures in
/// `../shared/data/github`. Skipped when that folder is absent (a user's clone).
@Suite(
    "Recorded GitHub answers", .enabled(if: SharedData.gitHubFixtures != nil, "../shared/data/github is not present"))
struct RecordedGitHubTests {
    struct Exchange {
        let method: String
        let path: String
        let status: Int
        let headers: [String: String]
        let body: Data
    }

    static func exchanges(_ file: String) throws -> [Exchange] {
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.gitHubFixtures! + "/" + file))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try list.map { exchange in
            let headers = (exchange["headers"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
            let body = try exchange["response"].map {
                try JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed])
            }
            return Exchange(
                method: exchange["method"] as? String ?? "", path: exchange["path"] as? String ?? "",
                status: exchange["status"] as? Int ?? 0, headers: headers, body: body ?? Data())
        }
    }

    static func response(_ exchange: Exchange) -> HTTPResponse {
        HTTPResponse(
            url: URL(string: "https://api.github.com" + exchange.path)!, status: exchange.status,
            headers: exchange.headers, body: exchange.body)
    }

    @Test("a real repository object decodes")
    func repository() throws {
        let exchange = try #require(try Self.exchanges("get-repository.normalized.json").first)
        let repository = try JSONResponse.repository(from: Self.response(exchange))
        #expect(repository.id == 1000 && repository.fullName == "octokit-fixture-org/hello-world")
        #expect(repository.defaultBranch == "master" || repository.defaultBranch == "main")
        #expect(RateLimitStatus(Self.response(exchange)) != nil, "the recording carries rate-limit headers")
    }

    @Test("real paginated issues decode and their Link headers chain page to page")
    func paginatedIssues() throws {
        let pages = try Self.exchanges("paginate-issues.normalized.json").filter { $0.method == "get" }
        #expect(pages.count == 5)
        var numbers: [Int] = []
        for (index, page) in pages.enumerated() {
            let issues = try JSONResponse.issues(from: Self.response(page))
            numbers += issues.map(\.number)
            #expect(issues.allSatisfy { $0.id > 0 && !$0.title.isEmpty && $0.rawJSON.decodedSize > 0 })
            let next = LinkHeader.next(in: page.headers["link"])
            if index + 1 < pages.count {
                #expect(next == "https://api.github.com" + pages[index + 1].path)
            } else {
                #expect(next == nil)
            }
        }
        #expect(numbers.count == 13 && Set(numbers).count == 13)
    }

    @Test("real error bodies give their message")
    func errors() throws {
        let notProtected = try #require(
            try Self.exchanges("branch-protection.normalized.json").first { $0.status == 404 })
        #expect(GitHubErrorBody.message(in: Self.response(notProtected)) == "Branch not protected")
        let moved = try #require(try Self.exchanges("rename-repository.normalized.json").first { $0.status == 301 })
        #expect(GitHubErrorBody.message(in: Self.response(moved)) == "Moved Permanently")
        let renamed = try #require(
            try Self.exchanges("rename-repository.normalized.json")
                .first { $0.method == "get" && $0.status == 200 })
        #expect(
            try JSONResponse.repository(from: Self.response(renamed)).fullName
                == "octokit-fixture-org/rename-repository-newname")
    }
}
