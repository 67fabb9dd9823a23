import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `pokedex serve` reading a GitHub list's query as GitHub does where a client sends something
/// odd: a filter that does not decode, empty segments, a query too long for its `Link` header,
/// a request target in absolute form.
@Suite("pokedex serve: GitHub queries end to end", .serialized)
struct ServeGitHubQueryEndToEndTests {
    let source: ServedDatabase
    let server: ServeProcess

    init() throws {
        source = try ServedDatabase.shared.get()
        server = try ServeProcess(database: source.path)
    }

    /// The fields a 422's `errors` name.
    static func invalidFields(_ answer: RawHTTP.Response) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
            let errors = object["errors"] as? [[String: Any]]
        else { return [] }
        return errors.compactMap { $0["field"] as? String }
    }

    @Test(
        "a filter whose encoding does not decode is refused (422 naming it), not listed as if absent",
        arguments: [
            ("issues?state=closed%00", "state"), ("issues?state=%ff", "state"), ("issues?labels=%ff", "labels"),
            ("issues?sort=%zz", "sort"), ("issues?direction=%ff", "direction"), ("issues?since=%ff", "since"),
            ("issues/comments?since=%00", "since"), ("issues/comments?sort=%ff", "sort"),
            ("/orgs/repos?type=%ff", "type"), ("/users/repos?sort=%00", "sort"),
        ])
    func undecodableFilter(query: String, field: String) throws {
        // An owner's list (`/orgs/repos` stands for `/orgs/{owner}/repos`), or a repository's.
        let target =
            query.hasPrefix("/")
            ? query.replacingOccurrences(of: "/repos", with: "/\(ServedDatabase.owner)/repos")
            : "/repos/\(ServedDatabase.repository)/\(query)"
        let answer = try RawHTTP(port: server.port).request("/api/v3" + target)
        #expect(answer.status == 422 && Self.invalidFields(answer) == [field], "\(answer.status) \(answer.text)")
    }

    @Test("empty query segments are no parameters: the Link header carries none")
    func emptySegments() throws {
        let client = try RawHTTP(port: server.port)
        let path = "/api/v3/repos/\(ServedDatabase.repository)/issues"
        let plain = try client.request("\(path)?per_page=2&state=all")
        try #require(plain.status == 200 && plain.header("Link") != nil)
        for query in ["?&per_page=2&state=all", "?per_page=2&&state=all&", "?per_page=2&state=all&&&"] {
            let answer = try client.request(path + query)
            #expect(answer.status == 200 && answer.body == plain.body, "\(query)")
            #expect(answer.header("Link") == plain.header("Link"), "\(query): \(answer.header("Link") ?? "none")")
        }
    }

    @Test("an answer whose head would not fit beside the request's is 414 or 431, not an empty reply")
    func answerHeadTooLarge() throws {
        let path = "/api/v3/repos/\(ServedDatabase.repository)/issues?per_page=1&page=2"
        // The four links repeat the query: 4 × 8 KB does not fit in the connection's 32 KB.
        let long = try RawHTTP(port: server.port).request(path + "&x=" + String(repeating: "a", count: 8_000))
        #expect(long.status == 414 && long.text.contains("URI Too Long"), "\(long.status) \(long.text)")
        let short = try RawHTTP(port: server.port).request(path + "&x=" + String(repeating: "a", count: 2_000))
        #expect(short.status == 200 && short.header("Link")?.contains("rel=\"first\"") == true, "\(short.status)")
        // Header fields (a large cookie) leaving no room for the links: what takes the room is named.
        let padded = try RawHTTP(port: server.port).request(
            path + "&x=" + String(repeating: "a", count: 2_000),
            headers: ["X-Pad": String(repeating: "p", count: 24_000)])
        #expect(padded.status == 431 && padded.text.contains("Header Fields"), "\(padded.status) \(padded.text)")
        // Such fields beside a small answer's head are served, as they always were.
        let detail = try RawHTTP(port: server.port).request(
            "/api/v2/pokemon/1", headers: ["X-Pad": String(repeating: "p", count: 31_600)])
        #expect(detail.status == 200, "\(detail.status) \(detail.text.prefix(200))")
    }

    @Test("a request target in absolute form is answered as its path is")
    func absoluteForm() throws {
        let client = try RawHTTP(port: server.port)
        let path = "/api/v3/repos/\(ServedDatabase.repository)/issues/1"
        let origin = try client.request(path)
        try #require(origin.status == 200)
        for target in ["http://127.0.0.1:\(server.port)\(path)", "HTTP://example.org\(path)"] {
            let answer = try client.request(target)
            #expect(answer.status == 200 && answer.body == origin.body, "\(target): \(answer.status)")
        }
        #expect(try client.request("http://example.org").status == 404)
    }
}
