import Foundation
import PokedexStore
import TestSupport
import Testing

@testable import HTTPTypes
@testable import IssueStore
@testable import PokedexSync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The shared mirror generates comments in api.github.com's field shape (its README: keys in
/// the order of a captured response, bots, empty and 65,536-character bodies, escape
/// sequences). When `../shared` is present, every comment of one of its repositories
/// must decode; without it the test is skipped.
@Suite(
    "Comments in the mirror's real field shapes",
    .enabled(if: SharedMirror.script != nil, "../shared/tools/mirror is not present"))
struct MirrorCommentShapeTests {
    /// One GET through curl (the test's own HTTP stack stays out of it): headers and body.
    static func fetch(_ url: String, into directory: TemporaryDirectory) throws -> ([String: String], Data) {
        let (headerFile, bodyFile) = (directory.file("headers"), directory.file("body"))
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-sS", "--fail", "--max-time", "30", "-D", headerFile, "-o", bodyFile, url]
        try curl.run()
        curl.waitUntilExit()
        try #require(curl.terminationStatus == 0, "curl \(url) exited \(curl.terminationStatus)")
        var headers: [String: String] = [:]
        for line in try String(contentsOfFile: headerFile, encoding: .utf8).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (headers, try Data(contentsOf: URL(fileURLWithPath: bodyFile)))
    }

    @Test("every comment of a 400-issue repository decodes, with the awkward cases among them")
    func everyCommentDecodes() throws {
        let directory = try TemporaryDirectory()
        let mirror = try SharedMirror(["--gh-repo", "octo-org/hello-world:400"], in: directory)
        let base = mirror.origin
        var comments: [GitHubComment] = []
        var next: String? = base + "/repos/octo-org/hello-world/issues/comments?sort=updated&direction=asc&per_page=100"
        var pages = 0
        while let url = next, pages < 100 {
            pages += 1
            let (headers, body) = try Self.fetch(url, into: directory)
            let response = HTTPResponse(url: URL(string: url)!, status: 200, headers: headers, body: body)
            comments += try JSONResponse.comments(from: response)
            next = LinkHeader.next(in: headers["Link"])
        }
        #expect(comments.count > 1_000, "\(comments.count)")
        #expect(Set(comments.map(\.id)).count == comments.count)
        #expect(comments.contains { $0.author?.type == "Bot" }, "bots' coverage reports")
        #expect(comments.contains { $0.body.isEmpty }, "empty bodies")
        #expect(comments.contains { $0.body.unicodeScalars.contains("\u{1B}") }, "escape sequences")
        #expect(comments.allSatisfy { $0.body.count <= 65_536 && $0.issueNumber >= 1 && $0.issueNumber <= 400 })
        #expect(zip(comments, comments.dropFirst()).allSatisfy { $0.updatedAt <= $1.updatedAt }, "sorted by update")
    }
}
