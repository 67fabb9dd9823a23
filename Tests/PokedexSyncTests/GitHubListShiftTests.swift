import Foundation
import PokedexStore
import SQLiteDatabase
import Synchronization
import Testing

@testable import HTTPTypes
@testable import IssueStore
@testable import PokedexSync

/// A list read oldest update first, page by page, while an item of a page already read is
/// updated: it moves to the end, and the item that was first on the next page moves onto a page
/// already read. Every item must still be received, once the walk reads on by date.
@Suite("GitHub list walk while items are updated")
struct GitHubListShiftTests {
    struct Item: Sendable, Equatable {
        let id: Int
        let updated: String
    }

    /// A dated list as GitHub serves one: `since` (at or after), oldest update first, `page`
    /// numbers and `Link: rel="next"`; `afterPage` runs once a page is answered.
    final class DatedList: Sendable {
        private let items: Mutex<[Item]>
        private let served = Mutex(0)
        let perPage: Int
        /// Whether answers carry `Date`: the n-th at 01:00 and n × 10 s, GitHub's clock here.
        let dated: Bool
        /// Whether every page is the first again, linking a next one.
        let repeating: Bool
        let afterPage: @Sendable (Int, DatedList) -> Void

        init(
            _ items: [Item], perPage: Int, dated: Bool = false, repeating: Bool = false,
            afterPage: @escaping @Sendable (Int, DatedList) -> Void
        ) {
            self.items = Mutex(items)
            self.perPage = perPage
            self.dated = dated
            self.repeating = repeating
            self.afterPage = afterPage
        }

        /// The n-th answer's time, and a moment 5 s after it.
        static func served(_ count: Int) -> (http: String, iso: String) {
            let seconds = count * 10
            let (minute, second) = (seconds / 60, seconds % 60)
            let clock = "01:\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second)"
            return ("Mon, 01 Jan 2024 \(clock) GMT", "2024-01-01T\(clock)Z")
        }

        /// The item updated now: at the end of the list.
        func update(_ id: Int, at time: String) {
            items.withLock { items in
                items.removeAll { $0.id == id }
                items.append(Item(id: id, updated: time))
            }
        }

        var requests: Int { served.withLock { $0 } }

        func answer(_ request: HTTPRequest) -> HTTPResponse {
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let since = query.first { $0.name == "since" }?.value
            let asked = query.first { $0.name == "page" }.flatMap { Int($0.value ?? "") } ?? 1
            let page = repeating ? 1 : asked
            let listed = items.withLock { $0 }.filter { since == nil || $0.updated >= since! }
                .sorted { ($0.updated, $0.id) < ($1.updated, $1.id) }
            let shown = listed.dropFirst((page - 1) * perPage).prefix(perPage)
            let body = "[" + shown.map { "\"\($0.id)@\($0.updated)\"" }.joined(separator: ",") + "]"
            var headers = ["Content-Type": "application/json"]
            if repeating || page * perPage < listed.count {
                let sinceQuery = since.map { "&since=\($0)" } ?? ""
                headers["Link"] =
                    "<\(GitHubListWalkTests.api.absoluteString)/repositories/1/issues?page=\(asked + 1)\(sinceQuery)>; rel=\"next\""
            }
            let count = served.withLock {
                $0 += 1
                return $0
            }
            if dated { headers["Date"] = Self.served(count).http }
            afterPage(count, self)
            return HTTPResponse(url: request.url, status: 200, headers: headers, body: Data(body.utf8))
        }
    }

    static func time(_ second: Int) -> String { "2024-01-01T00:00:\(second < 10 ? "0" : "")\(second)Z" }

    static func walk(_ list: DatedList) async throws -> (result: GitHubListWalkResult, committed: [Item]) {
        let client = HTTPClient(clock: SyncClock(now: { Date() }, sleep: { _ in })) { request in list.answer(request) }
        let sync = GitHubSync(
            client: client, baseURL: GitHubListWalkTests.api, token: nil,
            archive: IssueArchive(database: try Database(path: ":memory:")),
            options: GitHubSyncOptions(retry: .retries(0)))
        let committed = Mutex<[Item]>([])
        let reading = GitHubListReading<Item>(
            noun: "item",
            decode: { response throws(FetchError) in
                guard let texts = try? JSONDecoder().decode([String].self, from: response.body) else {
                    throw FetchError.undecodable(url: response.url.absoluteString, reason: "not JSON", bodyPrefix: "")
                }
                return texts.map { text in
                    let parts = text.split(separator: "@")
                    return Item(id: Int(parts[0])!, updated: String(parts[1]))
                }
            },
            id: \.id, dates: { ("item \($0.id)", $0.updated, $0.updated) }, missing: .notFound(repository: "o/r"),
            commit: { items, _ in
                committed.withLock { $0 += items }
                return items.count
            })
        var report = GitHubSyncReport(repository: "o/r")
        let result = try await sync.walk(
            from: .issues(repositoryID: 1, since: nil, perPage: list.perPage), etag: nil, reading: reading,
            report: &report
        ) { _, _ in }
        return (result, committed.withLock { $0 })
    }

    @Test("an item of the first page updated after it was read: the one it pushed back is received too")
    func itemOfAReadPageUpdated() async throws {
        let items = (1...10).map { Item(id: $0, updated: Self.time($0)) }
        let list = DatedList(items, perPage: 3) { served, list in
            if served == 1 { list.update(2, at: Self.time(50)) }
        }
        let (result, committed) = try await Self.walk(list)
        #expect(Set(result.ids) == Set(1...10), "received \(result.ids.sorted())")
        #expect(committed.last { $0.id == 2 }?.updated == Self.time(50), "its update is stored")
        #expect(committed.contains { $0.id == 4 }, "item 4, pushed onto page 1 after it was read")
    }

    @Test("with the server's Date on each page, only the stretch where an item was passed over is read again")
    func stretchReadAgain() async throws {
        let items = (1...30).map { Item(id: $0, updated: Self.time($0)) }
        let list = DatedList(items, perPage: 3, dated: true) { served, list in
            // Between the first and the second answer (01:00:10 and 01:00:20).
            if served == 1 { list.update(2, at: "2024-01-01T01:00:15Z") }
        }
        let (result, _) = try await Self.walk(list)
        #expect(Set(result.ids) == Set(1...30), "received \(result.ids.sorted())")
        // Ten pages and the moved item's page of its own, then two pages by date, not twenty.
        #expect(list.requests <= 13, "\(list.requests) requests")
    }

    @Test("more than a page of items updated at once: pages of them only are progress, and none is missed")
    func bulkUpdate() async throws {
        let items = (1...30).map { Item(id: $0, updated: Self.time($0)) }
        let list = DatedList(items, perPage: 3) { served, list in
            if served == 2 { for id in 1...8 { list.update(id, at: Self.time(55)) } }
        }
        let (result, committed) = try await Self.walk(list)
        #expect(Set(result.ids) == Set(1...30), "received \(result.ids.sorted())")
        #expect((1...8).allSatisfy { id in committed.last { $0.id == id }?.updated == Self.time(55) })
    }

    @Test("a server handing out next links to the same items, as they were, is refused, not paged forever")
    func repeatedPagesRefused() async throws {
        let items = (1...3).map { Item(id: $0, updated: Self.time($0)) }
        // Every page the same three, each linking a next one: as if none were ever read.
        let list = DatedList(items, perPage: 3, repeating: true) { _, _ in }
        await #expect(throws: FetchError.self) { _ = try await Self.walk(list) }
        #expect(list.requests == 2)
    }

    @Test("nothing updated meanwhile: the list is read once, page by page")
    func quietList() async throws {
        let items = (1...10).map { Item(id: $0, updated: Self.time($0)) }
        let list = DatedList(items, perPage: 3) { _, _ in }
        let (result, _) = try await Self.walk(list)
        #expect(Set(result.ids) == Set(1...10) && list.requests == 4)
    }

    @Test("more than a page of items in one second: read on by number within it, and to the end")
    func oneSecondPastAPage() async throws {
        let items = (1...10).map { Item(id: $0, updated: Self.time($0 < 9 ? 1 : $0)) }
        let list = DatedList(items, perPage: 3) { served, list in
            if served == 2 { list.update(1, at: Self.time(50)) }
        }
        let (result, _) = try await Self.walk(list)
        #expect(Set(result.ids) == Set(1...10), "received \(result.ids.sorted())")
        #expect(list.requests < 20)
    }
}
