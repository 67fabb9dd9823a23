import BodyCoding
import Foundation
import PokedexStore
import Testing

@testable import HTTPTypes
@testable import IssueStore
@testable import PokedexSync

@Suite("GitHub protocol details")
struct GitHubProtocolTests {
    @Test(
        "Link: the next target, verbatim, wherever it stands",
        arguments: [
            (
                #"<https://api.github.com/repositories/1/issues?per_page=3&page=2>; rel="next", <https://api.github.com/repositories/1/issues?per_page=3&page=5>; rel="last""#,
                "https://api.github.com/repositories/1/issues?per_page=3&page=2"
            ),
            (
                #"<https://x/i?page=1>; rel="prev", <https://x/i?page=3>; rel="next", <https://x/i?page=5>; rel="last", <https://x/i?page=1>; rel="first""#,
                "https://x/i?page=3"
            ),
            (#"<https://x/i?page=1>; rel="prev", <https://x/i?page=1>; rel="first""#, nil),
            (#"<https://x/i?a=1,2&page=2>;rel=next"#, nil),  // a comma inside the URL is not supported by GitHub either
            (#"<https://x/i?page=2>; rel="next prefetch""#, "https://x/i?page=2"),
            ("\t<https://x/i?page=2> \t;\trel = \"next\"\t", "https://x/i?page=2"),  // spaces and tabs around each part
            (#"<https://x/i?page=2>; rel=""next"""#, "https://x/i?page=2"),
            ("", nil),
            ("garbage", nil),
        ] as [(String, String?)])
    func linkNext(header: String, expected: String?) {
        #expect(LinkHeader.next(in: header) == expected)
    }

    static func response(_ status: Int, _ headers: [String: String], body: String = "{}") -> HTTPResponse {
        HTTPResponse(
            url: URL(string: "https://api.github.com/x")!, status: status, headers: headers, body: Data(body.utf8))
    }

    @Test("rate-limited answers say how long to wait")
    func rateLimitWaits() throws {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let secondary = try #require(RateLimitWait(Self.response(403, ["Retry-After": "3"]), now: now))
        #expect(secondary.wait == .seconds(3))
        let primary = try #require(
            RateLimitWait(
                Self.response(403, ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1000010"]), now: now))
        #expect(primary.wait == .seconds(11), "until the reset, plus a second of clock skew")
        let bare429 = try #require(RateLimitWait(Self.response(429, [:]), now: now))
        #expect(bare429.wait == .seconds(60))
        let worded = try #require(
            RateLimitWait(
                Self.response(403, [:], body: #"{"message":"You have exceeded a secondary rate limit."}"#), now: now))
        #expect(worded.wait == .seconds(60))
    }

    @Test("other answers are not rate limits")
    func notRateLimits() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(
            RateLimitWait(Self.response(403, [:], body: #"{"message":"Resource not accessible"}"#), now: now) == nil)
        #expect(RateLimitWait(Self.response(200, ["Retry-After": "5"]), now: now) == nil)
        #expect(RateLimitWait(Self.response(404, [:]), now: now) == nil)
        #expect(RateLimitWait(Self.response(403, ["X-RateLimit-Remaining": "12"]), now: now) == nil)
    }

    @Test("the token is sent to the API's origin only")
    func tokenOnlyToAPI() throws {
        let base = URL(string: "http://127.0.0.1:8080/api/v3")!
        let name = try #require(GitHubRepositoryName("acme/rocket"))
        let own = try GitHubEndpoint.repository(name).request(baseURL: base, token: "s3cret", etag: nil)
        #expect(own.headers["Authorization"] == "Bearer s3cret")
        #expect(own.url.absoluteString == "http://127.0.0.1:8080/api/v3/repos/acme/rocket")
        let elsewhere = try GitHubEndpoint.link("http://localhost:8080/api/v3/repositories/1/issues?page=2")
            .request(baseURL: base, token: "s3cret", etag: nil)
        #expect(elsewhere.headers["Authorization"] == nil)
        let otherPort = try GitHubEndpoint.link("http://127.0.0.1:9090/x").request(
            baseURL: base, token: "s3cret", etag: nil)
        #expect(otherPort.headers["Authorization"] == nil)
        let explicitDefaultPort = try GitHubEndpoint.link("https://API.github.com:443/repositories/1/issues?page=2")
            .request(baseURL: URL(string: "https://api.github.com")!, token: "s3cret", etag: nil)
        #expect(explicitDefaultPort.headers["Authorization"] == "Bearer s3cret", "same origin, spelled differently")
    }

    @Test("a redirect keeps credentials on the same origin only")
    func redirectPolicy() {
        let request = HTTPRequest(
            url: URL(string: "https://api.github.com/repos/a/b")!, headers: ["Authorization": "Bearer s3cret"],
            maximumBodyBytes: 1)
        #expect(
            RedirectPolicy.redirect(request, to: "https://api.github.com/repositories/1", from: request.url)?
                .headers["Authorization"] == "Bearer s3cret")
        for target in ["https://evil.example/x", "http://api.github.com/x", "https://api.github.com:8443/x"] {
            let moved = RedirectPolicy.redirect(request, to: target, from: request.url)
            #expect(moved != nil && moved?.headers["Authorization"] == nil, "\(target)")
        }
        for target in ["file:///etc/passwd", "ftp://api.github.com/x", "gopher://api.github.com/x"] {
            #expect(
                RedirectPolicy.redirect(request, to: target, from: request.url) == nil,
                "\(target) is not followed at all")
        }
    }

    @Test("the first issues page asks for everything changed since the high-water mark, oldest first")
    func issuesQuery() throws {
        let request = try GitHubEndpoint.issues(
            repositoryID: 2_500_000_123, since: "2025-01-02T03:04:05Z", perPage: 100
        )
        .request(baseURL: URL(string: "https://api.github.com")!, token: nil, etag: "\"abc\"")
        #expect(
            request.url.absoluteString
                == "https://api.github.com/repositories/2500000123/issues?state=all&sort=updated&direction=asc&per_page=100&since=2025-01-02T03:04:05Z"
        )
        #expect(request.headers["If-None-Match"] == "\"abc\"")
        #expect(request.headers["Accept"] == "application/vnd.github+json")
        #expect(request.headers["X-GitHub-Api-Version"] == "2022-11-28")
        #expect(request.headers["User-Agent"]?.hasPrefix("pokedex/") == true)
    }

    @Test(
        "an owner's login is percent-encoded byte by byte, but for RFC 3986's unreserved characters",
        arguments: [
            ("octocat", "octocat"), ("x~._-Z9", "x~._-Z9"), ("a b", "a%20b"), ("ü/?#", "%C3%BC%2F%3F%23"),
            ("%41", "%2541"),
        ])
    func ownerLoginEncoding(login: String, encoded: String) throws {
        let request = try GitHubEndpoint.ownerRepositories(login: login, kind: .user, perPage: 100)
            .request(baseURL: URL(string: "https://api.github.com")!, token: nil, etag: nil)
        #expect(request.url.absoluteString == "https://api.github.com/users/\(encoded)/repos?type=owner&per_page=100")
    }

    @Test("a `since` with a UTC offset keeps its plus sign")
    func sinceWithOffset() throws {
        let request = try GitHubEndpoint.comments(repositoryID: 7, since: "2025-01-02T03:04:05+01:00", perPage: 100)
            .request(baseURL: URL(string: "https://api.github.com")!, token: nil, etag: nil)
        #expect(request.url.query == "sort=updated&direction=asc&per_page=100&since=2025-01-02T03:04:05%2B01:00")
    }

    @Test(
        "a rate limit's reset is written as RFC 3339 in UTC, to the second",
        arguments: [
            (0.0, "1970-01-01T00:00:00Z"), (1_800_000_000.7, "2027-01-15T08:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
        ])
    func resetTimes(seconds: Double, written: String) {
        #expect(GitHubSyncError.iso8601(Date(timeIntervalSince1970: seconds)) == written)
    }

    @Test(
        "a deadline is written in seconds as people write them, to the millisecond",
        arguments: [
            (Duration.seconds(120), "120"), (.milliseconds(2_500), "2.5"), (.milliseconds(400), "0.4"),
            (.microseconds(400), "0"), (.seconds(1) / 3, "0.333"), (.zero, "0"),
        ])
    func deadlineText(deadline: Duration, written: String) {
        #expect(deadline.secondsText == written)
        #expect(
            FetchError.pastDeadline(url: "http://x/", deadline: deadline).description.contains(
                "no complete answer within \(written) s"))
    }

    @Test("issue pages keep each item's bytes exactly as received")
    func rawItems() throws {
        let body =
            #"[ {"id": 1, "number": 1, "title": "a \"quoted\" ]} title", "body": null, "state": "open", "locked": false, "comments": 0, "user": {"id": 9, "login": "octocat", "type": "User"}, "labels": [], "assignees": [], "milestone": null, "created_at": "2020-01-01T00:00:00Z", "updated_at": "2020-01-02T00:00:00Z", "closed_at": null, "html_url": "h"} ,{"id": 2, "number": 2, "title": "PR", "body": "x\r\ny", "state": "closed", "state_reason": null, "locked": true, "comments": 3, "user": null, "labels": [{"id": 5, "name": "bug", "color": "f00", "description": null}], "milestone": {"id": 7, "number": 1, "title": "v1", "state": "open"}, "draft": false, "pull_request": {"merged_at": "2020-02-01T00:00:00Z"}, "created_at": "2020-01-01T00:00:00Z", "updated_at": "2020-01-03T00:00:00Z", "closed_at": "2020-02-01T00:00:00Z", "html_url": "h2"}]"#
        let issues = try JSONResponse.issues(from: Self.response(200, [:], body: body))
        #expect(issues.count == 2)
        let first = String(decoding: try issues[0].rawJSON.decoded(), as: UTF8.self)
        #expect(first.hasPrefix(#"{"id": 1,"#))
        #expect(first.hasSuffix(#""html_url": "h"}"#))
        #expect(issues[0].title == #"a "quoted" ]} title"# && !issues[0].isPullRequest && issues[0].draft == nil)
        #expect(issues[1].isPullRequest && issues[1].mergedAt == "2020-02-01T00:00:00Z" && issues[1].draft == false)
        #expect(
            issues[1].labels.map(\.name) == ["bug"] && issues[1].milestone?.title == "v1" && issues[1].author == nil)
    }

    @Test("a page that is not an array of issues is an error naming the URL")
    func badPages() {
        for body in [#"{"message":"hi"}"#, "[1, 2]", #"[{"id": 1}]"#, "<html>"] {
            #expect(throws: FetchError.self) { try JSONResponse.issues(from: Self.response(200, [:], body: body)) }
        }
    }
}
