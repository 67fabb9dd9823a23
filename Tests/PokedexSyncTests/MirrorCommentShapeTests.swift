import Foundation
import PokedexStore
import TestSupport
import Testing

@testable import PokedexSync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The shared mirror generates comments in api.github.com's field shape (its README: keys in
/// the order of a captured response, deleted accounts, empty and 65,536-character bodies,
/// escape sequences). When `../shared` is present, every comment of one of its repositories
/// must decode; without it the test is skipped.
@Suite(
    "Comments in the mirror's real field shapes",
    .enabled(if: SharedMirror.script != nil, "../shared/tools/mirror is not present"))
struct MirrorCommentShapeTests {
    @Test("every comment of a 400-issue repository decodes, with the awkward cases among them")
    func everyCommentDecodes() async throws {
        let directory = try TemporaryDirectory()
        let portFile = directory.file("port")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = [
            "python3", try #require(SharedMirror.script), "--port", "0", "--port-file", portFile,
            "--gh-repo", "octo-org/hello-world:400",
        ]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var port: String?
        for _ in 0..<500 where port == nil {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            if port?.isEmpty ?? true { port = nil }
            try await Task.sleep(for: .milliseconds(10))
        }
        let base = "http://127.0.0.1:\(try #require(port))"
        var comments: [GitHubComment] = []
        var next: String? = base + "/repos/octo-org/hello-world/issues/comments?sort=updated&direction=asc&per_page=100"
        while let url = next {
            let (data, answer) = try await URLSession.shared.data(from: URL(string: url)!)
            let http = try #require(answer as? HTTPURLResponse)
            let response = HTTPResponse(
                url: URL(string: url)!, status: http.statusCode,
                headers: (http.allHeaderFields as? [String: String]) ?? [:], body: data)
            comments += try JSONResponse.comments(from: response)
            next = LinkHeader.next(in: http.value(forHTTPHeaderField: "Link"))
        }
        #expect(comments.count > 1_000, "\(comments.count)")
        #expect(Set(comments.map(\.id)).count == comments.count)
        #expect(comments.contains { $0.author == nil }, "deleted accounts")
        #expect(comments.contains { $0.body.isEmpty }, "empty bodies")
        #expect(comments.contains { $0.body.unicodeScalars.contains("\u{1B}") }, "escape sequences")
        #expect(comments.allSatisfy { $0.body.count <= 65_536 && $0.issueNumber >= 1 && $0.issueNumber <= 400 })
        #expect(zip(comments, comments.dropFirst()).allSatisfy { $0.updatedAt <= $1.updatedAt }, "sorted by update")
    }
}

/// `../shared/tools/mirror/mirror.py`, when present.
enum SharedMirror {
    static let script: String? = SharedData.directory.map { $0 + "/../tools/mirror/mirror.py" }.flatMap {
        FileManager.default.fileExists(atPath: $0) ? $0 : nil
    }
}
