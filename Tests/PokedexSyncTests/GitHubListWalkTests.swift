import Foundation
import PokedexStore
import SQLiteDatabase
import Synchronization
import Testing

@testable import HTTPTypes
@testable import IssueStore
@testable import PokedexSync

/// The walk overlaps a page's commit with the next page's decoding: what must still hold is
/// that pages commit one at a time and in order, that each is counted once it is committed,
/// and that nothing of a walk writes after it returned or threw.
@Suite("GitHub list walk")
struct GitHubListWalkTests {
    /// What the commits of a walk saw: the pages in order, whether two ever overlapped, what
    /// was counted, and whether a commit ran while or after the walk ended.
    final class CommitLog: Sendable {
        private struct State {
            var pages: [[Int]] = []
            var counted: [Int] = []
            var running = false
            var overlapped = false
            var walkEnded = false
            var afterWalk = false
        }
        private let state = Mutex(State())
        /// The first item of a page whose commit fails, as a full disk makes it.
        let failingAt: Int?

        struct DiskFull: Error {}

        init(failingAt: Int? = nil) { self.failingAt = failingAt }

        func commit(_ items: [Int]) throws -> Int {
            state.withLock {
                $0.overlapped = $0.overlapped || $0.running
                $0.afterWalk = $0.afterWalk || $0.walkEnded
                $0.running = true
            }
            // Long enough for the next page to decode meanwhile, were the walk not to wait.
            Thread.sleep(forTimeInterval: 0.01)
            state.withLock {
                $0.pages.append(items)
                $0.running = false
            }
            if items.first == failingAt { throw DiskFull() }
            return items.count
        }

        func count(_ page: GitHubListPage) { state.withLock { $0.counted.append(page.changed) } }

        /// A commit running when the walk returns or throws is one it did not wait for.
        func endWalk() {
            state.withLock {
                $0.afterWalk = $0.afterWalk || $0.running
                $0.walkEnded = true
            }
        }

        var pages: [[Int]] { state.withLock { $0.pages } }
        var counted: [Int] { state.withLock { $0.counted } }
        var overlapped: Bool { state.withLock { $0.overlapped } }
        var wroteAfterWalk: Bool { state.withLock { $0.afterWalk } }
    }

    static let api = URL(string: "https://api.github.com")!

    /// Pages 1…`pageCount` of three ids each, linked by `Link: rel="next"`; page `badPage`
    /// is not JSON, and page `slowPage` is answered only after 120 s (or when cancelled).
    static func client(pageCount: Int, badPage: Int? = nil, slowPage: Int? = nil) -> HTTPClient {
        HTTPClient(clock: SyncClock(now: { Date() }, sleep: { _ in })) { request in
            let page =
                URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
                .first { $0.name == "page" }.flatMap { Int($0.value ?? "") } ?? 1
            if page == slowPage { try await Task.sleep(for: .seconds(120)) }
            let ids = (1...3).map { (page - 1) * 3 + $0 }
            let body = page == badPage ? "<html>" : "[" + ids.map(String.init).joined(separator: ",") + "]"
            var headers = ["Content-Type": "application/json"]
            if page < pageCount {
                headers["Link"] = "<\(api.absoluteString)/repositories/1/issues?page=\(page + 1)>; rel=\"next\""
            }
            return HTTPResponse(url: request.url, status: 200, headers: headers, body: Data(body.utf8))
        }
    }

    static func walk(_ client: HTTPClient, log: CommitLog) async throws -> GitHubListWalkResult {
        let sync = GitHubSync(
            client: client, baseURL: api, token: nil,
            archive: IssueArchive(database: try Database(path: ":memory:")),
            options: GitHubSyncOptions(retry: .retries(0)))
        let reading = GitHubListReading<Int>(
            noun: "item",
            decode: { response throws(FetchError) in
                guard let ids = try? JSONDecoder().decode([Int].self, from: response.body) else {
                    throw FetchError.undecodable(url: response.url.absoluteString, reason: "not JSON", bodyPrefix: "")
                }
                return ids
            },
            id: { $0 }, dates: { _ in nil }, missing: .notFound(repository: "o/r"),
            commit: { items, _ in try log.commit(items) })
        var report = GitHubSyncReport(repository: "o/r")
        defer { log.endWalk() }
        return try await sync.walk(
            from: .issues(repositoryID: 1, since: nil, perPage: 3), etag: nil, reading: reading, report: &report
        ) { page, _ in log.count(page) }
    }

    @Test("pages commit one at a time, in order, each counted once committed")
    func commitsInOrder() async throws {
        let log = CommitLog()
        let result = try await Self.walk(Self.client(pageCount: 6), log: log)
        #expect(log.pages == (0..<6).map { page in (1...3).map { page * 3 + $0 } })
        #expect(!log.overlapped)
        #expect(log.counted == Array(repeating: 3, count: 6))
        #expect(result.pages == 6 && result.ids.count == 18)
        #expect(!log.wroteAfterWalk)
    }

    @Test("a page that does not decode stops the walk after the page before it is committed")
    func failureKeepsWhatWasCommitted() async throws {
        let log = CommitLog()
        await #expect(throws: FetchError.self) { try await Self.walk(Self.client(pageCount: 6, badPage: 4), log: log) }
        #expect(log.pages == [[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        #expect(!log.overlapped)
        #expect(log.counted == [3, 3, 3], "the third page was counted too")
        #expect(!log.wroteAfterWalk, "the third page's commit ended before the walk threw")
    }

    @Test("cancelled while the next page downloads, the walk stops at once, after the page being committed")
    func cancellationDuringADownload() async throws {
        let log = CommitLog()
        let walk = Task { try await Self.walk(Self.client(pageCount: 6, slowPage: 3), log: log) }
        while log.pages.count < 2 { try await Task.sleep(for: .milliseconds(5)) }
        let cancelled = ContinuousClock.now
        walk.cancel()
        // The transport's CancellationError reaches the walk as the client's "cannot reach".
        await #expect(throws: (any Error).self) { try await walk.value }
        // Half the slow page's wait: room for a loaded machine to resume the test.
        #expect(ContinuousClock.now - cancelled < .seconds(60), "the download of page 3 was not waited for")
        #expect(log.pages == [[1, 2, 3], [4, 5, 6]] && log.counted == [3, 3])
        #expect(!log.wroteAfterWalk)
    }

    @Test("a commit that fails while a later page fails to decode is the failure reported")
    func commitFailureComesFirst() async throws {
        let log = CommitLog(failingAt: 4)
        await #expect(throws: CommitLog.DiskFull.self) {
            try await Self.walk(Self.client(pageCount: 6, badPage: 3), log: log)
        }
        #expect(log.pages == [[1, 2, 3], [4, 5, 6]])
        #expect(!log.wroteAfterWalk)
    }
}
