import HTTPServer
import Testing

@testable import PokedexServe

@Suite("GitHub paths, parameters and links")
struct GitHubParametersTests {
    @Test(
        "paths as GitHub lays them out",
        arguments: [
            ("/repos/o/r", GitHubPath.repository(.name("o/r"))),
            ("/repos/o/r/", .repository(.name("o/r"))),
            ("/repositories/12", .repository(.id(12))),
            ("/repos/o/r/issues", .issues(.name("o/r"))),
            ("/repositories/12/issues/7", .issue(.id(12), number: 7)),
            ("/repos/o/r/issues/comments", .repositoryComments(.name("o/r"))),
            ("/repos/o/r/issues/comments/99", .comment(.name("o/r"), id: 99)),
            ("/repos/o/r/issues/7/comments", .issueComments(.name("o/r"), number: 7)),
            ("/users/o/repos", .ownerRepositories(login: "o", organization: false)),
            ("/orgs/o/repos", .ownerRepositories(login: "o", organization: true)),
            ("/users/o", .owner(login: "o", organization: false)), ("/orgs/o/", .owner(login: "o", organization: true)),
            ("/users", .unknown), ("/users/o/gists", .unknown),
            ("/rate_limit", .rateLimit),
            ("/repos/o/r/issues/07", .unknown), ("/repos/o/r/pulls", .unknown), ("/repositories/x", .unknown),
            ("/repos/o%00/r", .malformed), ("/repos/o/r%zz", .malformed), ("", .root), ("/", .root), ("//", .unknown),
        ] as [(String, GitHubPath)])
    func paths(path: String, route: GitHubPath) {
        #expect(GitHubPath(path[...]) == route)
    }

    @Test("Link headers: page replaced or appended, rels prev, next, last, first; none for one page")
    func links() {
        let query = [("state", "all"), ("page", "2"), ("since", "2024-01-01T00:00:00Z")]
        #expect(
            GitHubLinkHeader.value(base: "http://h/api/v3", path: "/x", query: query, page: 2, lastPage: 3, total: 70)
                == "<http://h/api/v3/x?state=all&page=1&since=2024-01-01T00%3A00%3A00Z>; rel=\"prev\", "
                + "<http://h/api/v3/x?state=all&page=3&since=2024-01-01T00%3A00%3A00Z>; rel=\"next\", "
                + "<http://h/api/v3/x?state=all&page=3&since=2024-01-01T00%3A00%3A00Z>; rel=\"last\", "
                + "<http://h/api/v3/x?state=all&page=1&since=2024-01-01T00%3A00%3A00Z>; rel=\"first\"")
        #expect(
            GitHubLinkHeader.value(base: "b", path: "/x", query: [], page: 1, lastPage: 2, total: 40)
                == "<b/x?page=2>; rel=\"next\", <b/x?page=2>; rel=\"last\"")
        #expect(GitHubLinkHeader.value(base: "b", path: "/x", query: [], page: 1, lastPage: 1, total: 5) == nil)
        #expect(GitHubLinkHeader.value(base: "b", path: "/x", query: [], page: 1, lastPage: 1, total: 0) == nil)
        #expect(
            GitHubLinkHeader.value(base: "b", path: "/x", query: [], page: 4, lastPage: 1, total: 5)
                == "<b/x?page=3>; rel=\"prev\", <b/x?page=1>; rel=\"first\"")
    }

    @Test("a repeated parameter's last value counts, as Django and Rails read it")
    func repeatedParameter() {
        let request = ServerRequest(
            method: "GET", path: "/x", query: [("state", "all"), ("limit", "2"), ("state", "closed")],
            header: { _ in nil })
        #expect(request.queryValue("state") == "closed")
        #expect(request.queryValue("limit") == "2")
        #expect(request.queryValue("offset") == nil)
    }

    @Test("a parameter's name is read decoded, as Django and Rails read it")
    func encodedName() {
        let request = ServerRequest(
            method: "GET", path: "/x", query: [("%70er_page", "3"), ("st%61te", "closed"), ("li%6dit", "%zz")],
            header: { _ in nil })
        #expect(request.queryValue("per_page") == "3" && request.queryValue("state") == "closed")
        #expect(request.hasQueryParameter("limit") && request.queryValue("limit") == nil)
        #expect(!request.hasQueryParameter("page"))
    }

    @Test(
        "since, as stored times compare with it",
        arguments: [
            ("2024-05-01T12:00:00Z", "2024-05-01T12:00:00Z"), ("2024-05-01T12:00:00.123Z", "2024-05-01T12:00:01Z"),
            ("2024-05-01T12:00:00.000Z", "2024-05-01T12:00:00Z"), ("2024-05-01T23:59:59.5Z", "2024-05-02T00:00:00Z"),
            ("2024-05-01T12:00:00+02:00", "2024-05-01T10:00:00Z"),
            ("2024-05-01T12:00:00 02:00", "2024-05-01T10:00:00Z"),
            ("2024-05-01T01:00:00-0130", "2024-05-01T02:30:00Z"), ("2024-05-01", "2024-05-01T00:00:00Z"),
            ("2024-05-01T12:30", "2024-05-01T12:30:00Z"), ("2024-05-01T12:30+01:00", "2024-05-01T11:30:00Z"),
            ("2024-05-01T12", nil), ("2024-05-01T12:3", nil), ("2024-05-01T12:30:5", nil),
            ("2024-13-01", nil), ("yesterday", nil), ("2024-05-01T25:00:00Z", nil), ("2024-05-01T12:00:00Zjunk", nil),
            ("2024-05-01 12:00:00", "2024-05-01T12:00:00Z"), ("2024-05-01 12:00:00+02:00", "2024-05-01T10:00:00Z"),
            ("2024-05-01 12:00:00 02:00", "2024-05-01T10:00:00Z"), ("2024-02-29", "2024-02-29T00:00:00Z"),
            ("2023-02-29", nil), ("2024-02-30T00:00:00Z", nil), ("2024-04-31", nil), ("1900-02-29", nil),
            ("2000-02-29", "2000-02-29T00:00:00Z"),
        ] as [(String, String?)])
    func since(text: String, utc: String?) {
        #expect(GitHubTimestamp.utc(text) == utc)
    }

    @Test("a JSON object's top-level scalars; nested ones never taken for them")
    func topLevel() {
        let json =
            #"{"template":{"private":true},"private":false,"fork":true,"name":"a\"b","n":[1,{"x":"]"}],"z":null}"#
        let members = JSONTopLevel.members(Array(json.utf8))
        #expect(members?["private"] == .bool(false) && members?["fork"] == .bool(true))
        #expect(members?["name"] == .string("a\"b") && members?["z"] == .other)
        #expect(JSONTopLevel.members(Array("[1]".utf8)) == nil && JSONTopLevel.members(Array("{\"a\":".utf8)) == nil)
    }
}
