import BodyCoding
import Foundation
import PokedexStore
import SyncSettings
import Testing

@testable import HTTPTypes
@testable import PokedexSync

/// The catalog sync's page bookkeeping on its own: commit order, the memory bound on details
/// waiting for an earlier page, and when downloads may start.
@Suite("Catalog page schedule")
struct CatalogPageScheduleTests {
    /// One step of a script: a list page arrives, a detail arrives (its body `bytes` long, or
    /// confirmed unchanged), or the writer takes what it can.
    enum Step {
        case list([Int])
        case arrive(Int, bytes: Int)
        case confirm(Int)
        case take
    }

    /// Runs `steps` and returns the writes taken, as `begin 1 2`, `details 2`, `confirmed 3`,
    /// `commit`, with the waiting bytes after each take as `waiting N`.
    static func run(
        _ steps: [Step], stored: [Int: StoredDetail] = [:], limit: Int? = nil,
        commitSize: Int = SyncDefaults.commitSize
    ) throws -> [String] {
        var schedule = CatalogPageSchedule(
            limit: limit, commitSize: commitSize, stored: stored, waitingBodyBytesLimit: 100)
        var pageOf: [Int: Int] = [:]
        var pages = 0
        var taken: [String] = []
        for step in steps {
            switch step {
            case .list(let ids):
                _ = try schedule.accept(page(ids, number: pages))
                while let queued = schedule.nextDownload() { pageOf[queued.entry.id] = queued.page }
                pages += 1
            case .arrive(let id, let bytes):
                schedule.record(downloaded(id, bytes: bytes), id: id, page: pageOf[id]!)
            case .confirm(let id):
                schedule.record(nil, id: id, page: pageOf[id]!)
            case .take:
                taken += schedule.takeWrites().map(describe)
                taken.append("waiting \(schedule.waitingBodyBytes)")
            }
        }
        return taken
    }

    static func page(_ ids: [Int], number: Int, next: String? = "next") -> CatalogPageSchedule.ListPage {
        CatalogPageSchedule.ListPage(
            url: URL(string: "http://pokeapi.test/api/v2/pokemon/?page=\(number)")!, count: 100,
            entries: ids.map {
                ResourceListEntry(id: $0, name: "mon-\($0)", url: "http://pokeapi.test/pokemon/\($0)/")
            },
            next: next)
    }

    static func downloaded(_ id: Int, bytes: Int) -> DownloadedDetails {
        DownloadedDetails(
            details: PokemonDetails(
                id: id, name: "mon-\(id)", height: 1, weight: 1, baseExperience: nil, order: id,
                speciesName: nil, types: [], abilities: [], stats: [], officialArtworkURL: nil),
            body: try! StoredBody(
                bytes: [UInt8](repeating: 0x20, count: bytes), encoding: .identity, decodedSize: bytes), etag: nil)
    }

    static func describe(_ write: PageWrite) -> String {
        switch write {
        case .begin(let start): return (["begin"] + start.entries.map { String($0.id) }).joined(separator: " ")
        case .details(let downloaded): return "details \(downloaded.details.id)"
        case .confirmed(let id): return "confirmed \(id)"
        case .commit: return "commit"
        }
    }

    @Test(
        "a list page larger than the commit size is committed in parts, in list order",
        arguments: [
            (2, [1, 2, 3, 4, 5], ["begin 1 2", "commit", "begin 3 4", "commit", "begin 5", "commit"]),
            (3, [1, 2, 3], ["begin 1 2 3", "commit"]),
            (100, [1, 2, 3], ["begin 1 2 3", "commit"]),
            (2, [], ["begin", "commit"]),
        ])
    func commitsInParts(commitSize: Int, ids: [Int], pages: [String]) throws {
        // Details arrive last first: each part still waits for its own and commits in order.
        let taken = try Self.run(
            [.list(ids)] + ids.reversed().map { .arrive($0, bytes: 1) } + [.take], commitSize: commitSize)
        #expect(taken.filter { $0.hasPrefix("begin") || $0 == "commit" } == pages)
        #expect(taken.filter { $0.hasPrefix("details") }.count == ids.count && taken.last == "waiting 0")
    }

    @Test("a part waits for its own last detail, not for the whole list page's")
    func partCommitsBeforeItsPage() throws {
        let taken = try Self.run(
            [.list([1, 2, 3, 4]), .arrive(2, bytes: 1), .arrive(1, bytes: 1), .take], commitSize: 2)
        #expect(taken == ["begin 1 2", "details 2", "details 1", "commit", "begin 3 4", "waiting 0"])
    }

    @Test(
        "pages commit in list order, each when its last detail arrives",
        arguments: [
            // Details of one page, in any order, are written as they arrive; the commit follows the
            // last. Those that arrive before the page is begun count as waiting until it is.
            (
                [.list([1, 2]), .arrive(2, bytes: 10), .take, .arrive(1, bytes: 10), .take],
                ["begin 1 2", "details 2", "waiting 0", "details 1", "commit", "waiting 0"]
            ),
            // A later page's details wait (and count) until the earlier page is committed.
            (
                [
                    .list([1, 2]), .list([3]), .arrive(3, bytes: 30), .take, .arrive(1, bytes: 10), .take,
                    .confirm(2), .take,
                ],
                [
                    "begin 1 2", "waiting 30", "details 1", "waiting 30", "confirmed 2", "commit", "begin 3",
                    "details 3", "commit",
                    "waiting 0",
                ]
            ),
            // Three pages finished back to front are committed front to back in one take.
            (
                [
                    .list([1]), .list([2]), .list([3]), .arrive(3, bytes: 5), .arrive(2, bytes: 5),
                    .arrive(1, bytes: 5), .take,
                ],
                [
                    "begin 1", "details 1", "commit", "begin 2", "details 2", "commit", "begin 3", "details 3",
                    "commit",
                    "waiting 0",
                ]
            ),
            // 304s are writes too, without bytes.
            (
                [.list([1]), .list([2]), .confirm(2), .take, .confirm(1), .take],
                ["begin 1", "waiting 0", "confirmed 1", "commit", "begin 2", "confirmed 2", "commit", "waiting 0"]
            ),
        ] as [([Step], [String])])
    func commitOrder(steps: [Step], expected: [String]) throws {
        let writes = try Self.run(steps)
        #expect(writes == expected, "\(writes)")
    }

    @Test("fresh stored details are reused without a download; a page of them commits at once")
    func freshEntriesAreReused() throws {
        let stored: [Int: StoredDetail] = [
            1: Self.stored(etag: "a", isFresh: true, 1), 2: Self.stored(etag: "b", isFresh: true, 2),
            3: Self.stored(etag: "c", isFresh: false, 3),
        ]
        #expect(
            try Self.run([.list([1, 2]), .take, .list([3]), .confirm(3), .take], stored: stored)
                == ["begin 1 2", "commit", "waiting 0", "begin 3", "confirmed 3", "commit", "waiting 0"])
        var schedule = CatalogPageSchedule(limit: nil, stored: stored, waitingBodyBytesLimit: 100)
        _ = try schedule.accept(Self.page([1, 2, 3], number: 0))
        #expect(schedule.nextDownload() == .init(page: 0, entry: Self.page([3], number: 0).entries[0], etag: "c"))
        #expect(schedule.nextDownload() == nil)
    }

    /// What is stored of entry `id` of ``page(_:number:next:)``, at its URL there.
    static func stored(etag: String, isFresh: Bool, _ id: Int) -> StoredDetail {
        StoredDetail(etag: etag, isFresh: isFresh, url: page([id], number: 0).entries[0].url)
    }

    @Test("details stored for an entry now at another URL are asked for again, without their ETag")
    func movedEntriesAreDownloaded() throws {
        let moved = "http://old.test/pokemon/2/"
        let stored: [Int: StoredDetail] = [
            1: Self.stored(etag: "a", isFresh: true, 1), 2: StoredDetail(etag: "b", isFresh: true, url: moved),
            3: StoredDetail(etag: "c", isFresh: false, url: moved),
        ]
        var schedule = CatalogPageSchedule(limit: nil, stored: stored, waitingBodyBytesLimit: 100)
        _ = try schedule.accept(Self.page([1, 2, 3], number: 0))
        let entries = Self.page([2, 3], number: 0).entries
        #expect(schedule.nextDownload() == .init(page: 0, entry: entries[0], etag: nil))
        #expect(schedule.nextDownload() == .init(page: 0, entry: entries[1], etag: nil))
        #expect(schedule.nextDownload() == nil)
    }

    @Test("details that arrive before their page is begun count as waiting until it is")
    func waitingBeforeBegin() throws {
        var schedule = CatalogPageSchedule(limit: nil, stored: [:], waitingBodyBytesLimit: 100)
        _ = try schedule.accept(Self.page([1, 2], number: 0))
        schedule.record(Self.downloaded(1, bytes: 60), id: 1, page: 0)
        #expect(schedule.waitingBodyBytes == 60)
        schedule.record(Self.downloaded(2, bytes: 50), id: 2, page: 0)
        #expect(!schedule.mayStartDownload(inFlight: 0, concurrency: 8))
        #expect(schedule.takeWrites().count == 4)
        #expect(schedule.waitingBodyBytes == 0)
    }

    @Test(
        "downloads pause while details waiting for an earlier page reach the limit",
        arguments: [
            (0, 2, 3, true), (0, 3, 3, false), (99, 0, 3, true), (100, 0, 3, false), (250, 1, 8, false),
        ])
    func backPressure(waitingBytes: Int, inFlight: Int, concurrency: Int, mayStart: Bool) throws {
        var schedule = CatalogPageSchedule(limit: nil, stored: [:], waitingBodyBytesLimit: 100)
        _ = try schedule.accept(Self.page([1], number: 0))
        _ = try schedule.accept(Self.page([2], number: 1))
        _ = schedule.takeWrites()
        if waitingBytes > 0 { schedule.record(Self.downloaded(2, bytes: waitingBytes), id: 2, page: 1) }
        #expect(schedule.waitingBodyBytes == waitingBytes)
        #expect(schedule.mayStartDownload(inFlight: inFlight, concurrency: concurrency) == mayStart)
    }

    @Test(
        "the limit cuts the list, and the next link is followed only while entries are wanted",
        arguments: [
            (nil as Int?, [1, 2, 3], "next" as String?, 3),
            (5, [1, 2, 3], "next", 3),
            (3, [1, 2, 3], nil, 3),
            (2, [1, 2, 3], nil, 2),
            (nil, [], nil, 0),
        ])
    func limit(limit: Int?, ids: [Int], next: String?, queued: Int) throws {
        var schedule = CatalogPageSchedule(limit: limit, stored: [:], waitingBodyBytesLimit: 100)
        #expect(try schedule.accept(Self.page(ids, number: 0)) == next)
        var count = 0
        while schedule.nextDownload() != nil { count += 1 }
        #expect(count == queued)
    }

    @Test("a next link back to a page already read is refused")
    func loopingList() throws {
        var schedule = CatalogPageSchedule(limit: nil, stored: [:], waitingBodyBytesLimit: 100)
        _ = try schedule.accept(Self.page([1], number: 0))
        #expect(throws: FetchError.self) { _ = try schedule.accept(Self.page([2], number: 0)) }
    }

    @Test(
        "a page that brings no entry not listed before stops the walk; one new entry is progress",
        arguments: [
            ([[1, 2], [1, 2]], false),
            ([[1, 2], [2, 1]], false),
            ([[1, 2], [3, 4], [2, 3]], false),
            ([[1], [1, 1]], false),
            ([[1, 2], [2, 3]], true),
            ([[1, 2], []], true),
        ])
    func pageWithoutProgress(pages: [[Int]], accepted: Bool) throws {
        var schedule = CatalogPageSchedule(limit: nil, stored: [:], waitingBodyBytesLimit: 100)
        for (number, ids) in pages.dropLast().enumerated() { _ = try schedule.accept(Self.page(ids, number: number)) }
        let last = Self.page(pages.last!, number: pages.count - 1)
        if accepted {
            #expect(throws: Never.self) { _ = try schedule.accept(last) }
        } else {
            let error = #expect(throws: FetchError.self) { _ = try schedule.accept(last) }
            #expect(error?.description.contains(last.url.absoluteString) == true, "\(String(describing: error))")
        }
    }
}
