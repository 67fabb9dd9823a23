import Foundation
import Synchronization
import Testing

@testable import PokedexSync

/// List pages asked for ahead: which links are predicted from a `next`, when one asked for
/// ahead is used, and that nothing asked for is left running.
@Suite("List read-ahead")
struct ListReadAheadTests {
    static let base = "https://pokeapi.co/api/v2/pokemon/"

    @Test(
        "a next link is read as offset and limit, or not at all",
        arguments: [
            ("\(base)?offset=200&limit=100", 200, 100), ("\(base)?limit=100&offset=200", 200, 100),
            ("\(base)?offset=0&limit=1&x=y", 0, 1), ("\(base)?offset=200", nil, nil), ("\(base)?page=2", nil, nil),
            ("\(base)?offset=a&limit=100", nil, nil), ("\(base)?offset=1&offset=2&limit=100", nil, nil),
            ("\(base)?offset=-1&limit=100", nil, nil), ("\(base)?offset=1&limit=0", nil, nil),
            ("\(base)?offset=1&limit=100#top", nil, nil), ("\(base)", nil, nil),
            ("\(base)?offset=9223372036854775807&limit=100", nil, nil),
            ("\(base)?offset=0&limit=9223372036854775807", nil, nil),
            ("\(base)?offset=2147483647&limit=1", 2_147_483_647, 1),
            ("\(base)?offset=2147483648&limit=1", nil, nil),
        ] as [(String, Int?, Int?)])
    func parsing(link: String, offset: Int?, limit: Int?) {
        let parsed = ListPageLink(link)
        #expect(parsed?.offset == offset && parsed?.limit == limit)
    }

    @Test("pages further on move the offset only, keeping the server's order and other items")
    func advancing() throws {
        let link = try #require(ListPageLink("\(Self.base)?limit=100&format=json&offset=200"))
        #expect(link.advanced(by: 2) == "\(Self.base)?limit=100&format=json&offset=400")
        let largest = try #require(
            ListPageLink("\(Self.base)?offset=\(ListPageLink.largest)&limit=\(ListPageLink.largest)"))
        #expect(
            largest.advanced(by: 3) == "\(Self.base)?offset=\(4 * ListPageLink.largest)&limit=\(ListPageLink.largest)")
        #expect(link.advanced(by: 0) == "\(Self.base)?limit=100&format=json&offset=200")
        let encoded = try #require(ListPageLink("\(Self.base)?offset=0&limit=10&q=a%2Bb%20c"))
        #expect(encoded.advanced(by: 1) == "\(Self.base)?offset=10&limit=10&q=a%2Bb%20c", "kept as encoded")
    }

    @Test(
        "two links ask for the same page when only their order differs",
        arguments: [
            ("\(base)?offset=200&limit=100", "\(base)?limit=100&offset=200", true),
            ("\(base)?offset=200&limit=100", "\(base)?offset=200&limit=50", false),
            ("\(base)?offset=200&limit=100", "\(base)?offset=300&limit=100", false),
            ("\(base)?offset=200&limit=100", "https://pokeapi.co/api/v2/ability/?offset=200&limit=100", false),
            ("\(base)?offset=200&limit=100", "http://pokeapi.co/api/v2/pokemon/?offset=200&limit=100", false),
            ("\(base)?offset=200&limit=100", "\(base)?offset=200&limit=100&x=1", false),
            // Items as encoded: %2B is not +, a name's = not a value's, q not q=.
            ("\(base)?offset=200&limit=100&q=a%2Bb", "\(base)?offset=200&limit=100&q=a+b", false),
            ("\(base)?offset=200&limit=100&a%3Db=c", "\(base)?offset=200&limit=100&a=b%3Dc", false),
            ("\(base)?offset=200&limit=100&q", "\(base)?offset=200&limit=100&q=", false),
            ("\(base)?q=a%2Bb&offset=200&limit=100", "\(base)?offset=200&limit=100&q=a%2Bb", true),
        ])
    func samePage(first: String, second: String, same: Bool) throws {
        let a = try #require(ListPageLink(first)), b = try #require(ListPageLink(second))
        #expect(a.asksForSamePage(as: b) == same && b.asksForSamePage(as: a) == same)
    }

    /// The links `start` was called with, each task answering its link after `delay`, and
    /// those whose task was cancelled before.
    final class Starts: Sendable {
        private let links = Mutex<(started: [String], cancelled: Set<String>)>(([], []))
        let delay: Duration
        init(delay: Duration = .zero) { self.delay = delay }
        var all: [String] { links.withLock { $0.started } }
        var cancelled: Set<String> { links.withLock { $0.cancelled } }
        func start(_ link: String) -> Task<String, any Error> {
            links.withLock { $0.started.append(link) }
            let delay = delay
            return Task {
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    links.withLock { _ = $0.cancelled.insert(link) }
                    throw error
                }
                return link
            }
        }
    }

    static func page(_ offset: Int, limit: Int = 100) -> String { "\(base)?offset=\(offset)&limit=\(limit)" }

    @Test("the pages after next are asked for with it, and used when next asks for them")
    func windowIsUsed() async throws {
        let starts = Starts()
        var ahead = ListReadAhead<String>(window: 3)
        #expect(
            try await ahead.page(Self.page(100), listCount: 1_351, wanted: .max, start: starts.start).value
                == Self.page(100))
        #expect(starts.all == [100, 200, 300, 400].map { Self.page($0) })
        // The server's next lists its items in another order: the same page all the same.
        let second = ahead.page(
            "\(Self.base)?limit=100&offset=200", listCount: 1_351, wanted: .max, start: starts.start)
        #expect(try await second.value == Self.page(200), "the task asked for ahead")
        // The page after the window is built from the link just given, in its order.
        #expect(starts.all == [100, 200, 300, 400].map { Self.page($0) } + ["\(Self.base)?limit=100&offset=500"])
        await ahead.finish()
    }

    @Test("only whole pages within the list and within what is wanted are asked for ahead")
    func bounds() async throws {
        let atTheEnd = Starts()
        var ahead = ListReadAhead<String>(window: 3)
        _ = ahead.page(Self.page(1_100), listCount: 1_351, wanted: .max, start: atTheEnd.start)
        #expect(atTheEnd.all == [1_100, 1_200].map { Self.page($0) }, "1300 is the last page, shortened")
        await ahead.finish()

        let limited = Starts()
        ahead = ListReadAhead<String>(window: 3)
        _ = ahead.page(Self.page(0), listCount: 1_351, wanted: 250, start: limited.start)
        #expect(limited.all == [0, 100].map { Self.page($0) }, "200 would be cut short by --limit")
        await ahead.finish()

        let none = Starts()
        ahead = ListReadAhead<String>(window: 0)
        _ = ahead.page(Self.page(0), listCount: 1_351, wanted: .max, start: none.start)
        #expect(none.all == [Self.page(0)])
        await ahead.finish()
    }

    @Test("a next link that asks for something else is followed as given, and what was ahead dropped")
    func otherLinks() async throws {
        let starts = Starts(delay: .seconds(30))
        var ahead = ListReadAhead<String>(window: 2)
        let first = ahead.page(Self.page(0), listCount: 1_000, wanted: .max, start: starts.start)
        let dropped = ahead.page(Self.page(100, limit: 50), listCount: 1_000, wanted: .max, start: starts.start)
        #expect(
            starts.all == [Self.page(0), Self.page(100), Self.page(200), Self.page(100, limit: 50)]
                + [150, 200].map { Self.page($0, limit: 50) })
        let cursor = ahead.page("\(Self.base)?cursor=abc", listCount: 1_000, wanted: .max, start: starts.start)
        #expect(starts.all.last == "\(Self.base)?cursor=abc" && starts.all.count == 7)
        // finish() waits for every task asked for ahead, which it cancels (not those it handed out).
        await ahead.finish()
        #expect(
            starts.cancelled == Set([Self.page(100), Self.page(200)] + [150, 200].map { Self.page($0, limit: 50) }))
        for task in [first, dropped, cursor] { task.cancel() }
    }
}
