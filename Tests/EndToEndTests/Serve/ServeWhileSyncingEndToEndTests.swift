import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `pokedex serve` keeps answering while a sync writes the same database: every answer is a
/// committed state, and the new data is served without a restart.
@Suite("pokedex serve while a sync commits, end to end")
struct ServeWhileSyncingEndToEndTests {
    @Test("answers stay whole during a sync's commits; the new data and its new ETag come without a restart")
    func servesWhileSyncing() throws {
        let source = try ServedDatabase(issues: 30)
        let server = try ServeProcess(database: source.path, global: ["-q"])
        let first = try RawHTTP(port: server.port)
        let before = try first.request("/api/v2/pokemon/25")
        let beforeIssues = try first.request("/api/v3/repos/octo-org/hello/issues?state=all&per_page=100")
        source.api.update(id: 25) { $0.height = 77 }
        source.gitHub.touch(ServedDatabase.repository, numbers: [1, 2, 3])

        let stop = Flag()
        let outcomes = Outcomes()
        let readers = DispatchGroup()
        for path in [
            "/api/v2/pokemon/25", "/api/v2/pokemon?limit=100", "/api/v3/repos/octo-org/hello/issues?state=all",
        ] {
            // Threads of their own: they block for the whole sync, and on the dispatch pool
            // they held the workers other waits of the test need.
            readers.enter()
            Thread.detachNewThread {
                defer { readers.leave() }
                guard let reader = try? RawHTTP(port: server.port) else { return outcomes.record(path, nil) }
                while !stop.isSet {
                    let answer = try? reader.request(path)
                    let whole = answer.map { (try? JSONSerialization.jsonObject(with: Data($0.body))) != nil } ?? false
                    outcomes.record(path, answer?.status == 200 && whole ? 200 : answer?.status)
                }
            }
        }
        let sync = try PokedexProcess.run(
            ["--db", source.path, "sync", "--max-age", "0", "--artwork", "all"],
            environment: ["POKEAPI_BASE_URL": source.api.baseURL, "GITHUB_API_URL": source.gitHub.baseURL])
        let issues = try PokedexProcess.run(
            ["--db", source.path, "sync", "issues", ServedDatabase.repository],
            environment: ["GITHUB_API_URL": source.gitHub.baseURL])
        stop.set()
        readers.wait()
        #expect(sync.status == 0 && issues.status == 0, "\(sync.stderr)\(issues.stderr)")
        #expect(
            outcomes.statuses.allSatisfy { $0 == 200 } && outcomes.statuses.count > 30, "\(outcomes.statuses.count)")

        // A connection of its own: the first may have idled past the server's timeout.
        let client = try RawHTTP(port: server.port)
        let after = try client.request("/api/v2/pokemon/25")
        #expect(after.header("ETag") != before.header("ETag"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(after.body)) as? [String: Any])
        #expect(object["height"] as? Int == 77)
        #expect(
            try client.request("/api/v2/pokemon/25", headers: ["If-None-Match": before.header("ETag")!]).status == 200)
        let afterIssues = try client.request("/api/v3/repos/octo-org/hello/issues?state=all&per_page=100")
        #expect(afterIssues.body != beforeIssues.body && afterIssues.header("ETag") != beforeIssues.header("ETag"))
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    private final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [Int?] = []
        func record(_ path: String, _ status: Int?) { lock.withLock { all.append(status) } }
        var statuses: [Int?] { lock.withLock { all } }
    }
}
