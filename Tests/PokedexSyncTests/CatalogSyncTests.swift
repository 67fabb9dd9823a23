import CurlTransport
import Foundation
import LoopbackHTTP
import PokedexStore
import TestSupport
import Testing

@testable import HTTPTypes
@testable import LocalDatabase
@testable import PokedexSync

/// The sync engine against a PokeAPI look-alike on loopback, through the real libcurl client.
@Suite("Catalog sync")
struct CatalogSyncTests {
    let directory: TemporaryDirectory
    let api: FakePokeAPI
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        api = try FakePokeAPI()
        path = directory.file("sync.sqlite")
    }

    /// A connection of its own, as another process reading the database would have.
    var catalog: PokemonCatalog {
        get throws { PokemonCatalog(database: try LocalStore.openForReading(path: path)) }
    }

    func sync(_ options: ResourceSyncOptions, client: HTTPClient = Self.loopbackClient())
        async throws -> ResourceSyncReport
    {
        let writing = PokemonCatalog(database: try LocalStore.openForWriting(path: path))
        return try await ResourceSync<PokemonKind>(
            PokeAPIResources.pokemon, client: client, baseURL: URL(string: api.baseURL)!, store: writing
        ).run(options, source: .list(offset: options.offset))
    }

    /// The production transport, as the sync binary builds it.
    static func loopbackClient() -> HTTPClient {
        HTTPClient(transport: CurlTransport.transport(maximumConnectionsPerHost: 4))
    }

    func count(_ table: String) throws -> Int {
        try catalog.database.queryFirst("SELECT count(*) FROM \(table)") { $0.int(0) } ?? -1
    }

    @Test("--offset 24 --limit 21 takes the page starting at Pikachu, with details")
    func pageFromPikachu() async throws {
        let report = try await sync(ResourceSyncOptions(offset: 24, limit: 21))
        #expect(report == ResourceSyncReport(pages: 1, entries: 21, detailsDownloaded: 21, detailsUnchanged: 0))
        #expect(try catalog.list(offset: 0, limit: 100).map(\.id) == Array(25...45))
        let pikachu = try #require(try catalog.profile(name: "pikachu"))
        #expect(pikachu.summary.id == 25 && pikachu.summary.types == ["electric"])
        #expect(pikachu.abilities.map(\.name) == ["static", "lightning-rod"] && pikachu.abilities[1].isHidden)
        #expect(pikachu.stats.map(\.baseStat) == [35, 55, 40, 50, 50, 90])
        #expect(pikachu.height == 4 && pikachu.weight == 60 && pikachu.baseExperience == 112)
        #expect(api.listRequestCount == 1)
        let firstList = try #require(api.server.requests.first)
        #expect(firstList.query == ["offset": "24", "limit": "21"])
    }

    @Test("the whole list is walked by following next, whatever its query order and last limit")
    func followsNext() async throws {
        let report = try await sync(ResourceSyncOptions(listPageSize: 20, commitSize: 20))
        #expect(report.entries == api.catalog.count && report.pages == 3)
        #expect(try count("pokemon") == api.catalog.count)
        #expect(try count("pokemon_detail_json") == api.catalog.count)
        let listQueries = api.server.requests.filter { $0.path.hasSuffix("/pokemon/") || $0.path.hasSuffix("/pokemon") }
        #expect(listQueries.map { $0.query["offset"] } == ["0", "20", "40"])
        #expect(
            listQueries.last?.query["limit"] == "15", "the shortened limit of the last page's link is used as given")
    }

    @Test("one list request larger than the commit size is committed in parts")
    func listPageInParts() async throws {
        let report = try await sync(ResourceSyncOptions(listPageSize: 1_000, commitSize: 20))
        #expect(report.entries == api.catalog.count && report.pages == (api.catalog.count + 19) / 20)
        let listQueries = api.server.requests.filter { $0.path.hasSuffix("/pokemon/") }
        #expect(listQueries.map { $0.query["limit"] } == ["1000"])
        #expect(try count("pokemon_detail_json") == api.catalog.count)
    }

    @Test("list pages asked for ahead are each asked for once, and the walk takes the same pages")
    func readAheadAsksOnce() async throws {
        let report = try await sync(ResourceSyncOptions(listPageSize: 5, commitSize: 5))
        #expect(report.entries == api.catalog.count && report.pages == (api.catalog.count + 4) / 5)
        let offsets = api.server.requests.filter { $0.path.hasSuffix("/pokemon/") }.compactMap { $0.query["offset"] }
        #expect(
            offsets.sorted { Int($0)! < Int($1)! } == stride(from: 0, to: api.catalog.count, by: 5).map(String.init))
        #expect(try catalog.list(offset: 0, limit: 1_000).map(\.id) == api.catalog.map(\.id))
    }

    @Test("raw bodies are stored exactly as received")
    func rawBodies() async throws {
        _ = try await sync(ResourceSyncOptions(offset: 24, limit: 1))
        let stored = try catalog.detailBody(id: 25)
        #expect(stored == Array(api.body(forID: 25).utf8))
    }

    @Test("a second sync revalidates with ETags, downloads nothing and changes no row")
    func secondSyncUnchanged() async throws {
        _ = try await sync(ResourceSyncOptions())
        let counts = try ["pokemon", "pokemon_type", "pokemon_ability", "pokemon_stat"].map(count)
        api.resetCounters()
        let report = try await sync(ResourceSyncOptions())
        #expect(report.detailsDownloaded == 0 && report.detailsUnchanged == api.catalog.count)
        #expect(api.detailRequestCount == 0 && api.notModifiedCount == api.catalog.count)
        #expect(try ["pokemon", "pokemon_type", "pokemon_ability", "pokemon_stat"].map(count) == counts)
    }

    @Test("a re-sync updates what changed upstream")
    func resyncUpdates() async throws {
        _ = try await sync(ResourceSyncOptions())
        api.update(id: 25) { pikachu in
            pikachu.weight = 61
            pikachu.types = ["electric", "fairy"]
        }
        let report = try await sync(ResourceSyncOptions())
        #expect(report.detailsDownloaded == 1)
        let pikachu = try #require(try catalog.profile(id: 25))
        #expect(pikachu.weight == 61 && pikachu.summary.types == ["electric", "fairy"])
    }

    @Test("official artwork is taken from the API and derived where it is null")
    func artwork() async throws {
        _ = try await sync(ResourceSyncOptions())
        for pokemon in api.catalog {
            let artwork = try #require(try catalog.profile(id: pokemon.id)).summary.artwork
            #expect(artwork.derived == (pokemon.officialArtwork == nil))
            #expect(artwork.url == pokemon.officialArtwork ?? PokemonResource.derivedArtworkURL(id: pokemon.id))
        }
    }

    @Test("a server error mid-run keeps the pages committed before it")
    func errorMidRun() async throws {
        api.override = { request in
            request.query["offset"] == "40" ? .text("upstream exploded", status: 500) : nil
        }
        await #expect {
            _ = try await sync(ResourceSyncOptions(listPageSize: 20, commitSize: 20, retry: .retries(0)))
        } throws: { error in
            guard case .status(let url, 500, let body) = error as? FetchError else { return false }
            return url.contains("offset=40") && body == "upstream exploded"
        }
        #expect(try count("pokemon") == 40)
        #expect(try count("pokemon_detail_json") == 40)
    }

    @Test(
        "a detail failure leaves its whole page uncommitted, and the pages before it committed",
        arguments: [
            // Pages of 20, one list request each: page 2 holds #29 and #30.
            (listPageSize: 20, commitSize: 20),
            // One list request committed in pages of 10: page 3 holds #29 and #30.
            (listPageSize: 1_000, commitSize: 10),
        ])
    func detailFailureRollsBackPage(listPageSize: Int, commitSize: Int) async throws {
        // The server fails every detail from #29 on: the first failure is left out (one alone
        // would be, its page committed without it), the next ends the run.
        api.override = { request in
            guard request.path.contains("/pokemon/"), let id = Int(request.path.split(separator: "/").last ?? ""),
                id >= 29
            else { return nil }
            return .text("nope", status: 503)
        }
        await #expect(throws: FetchError.self) {
            _ = try await sync(
                ResourceSyncOptions(listPageSize: listPageSize, commitSize: commitSize, retry: .retries(0)))
        }
        #expect(try count("pokemon") == 20, "the pages before #30's committed, its own not at all")
    }

    @Test("a 200 whose body is not JSON is an error naming URL, status and body")
    func htmlInsteadOfJSON() async throws {
        api.override = { request in
            request.path.hasSuffix("/pokemon/25/")
                ? .text("<html><body>502 Bad Gateway</body></html>", status: 200, contentType: "text/html") : nil
        }
        await #expect {
            _ = try await sync(ResourceSyncOptions(offset: 24, limit: 3, retry: .retries(0)))
        } throws: { error in
            guard case .notJSON(let url, 200, let body) = error as? FetchError else { return false }
            return url.hasSuffix("/pokemon/25/") && body.hasPrefix("<html>")
                && (error as! FetchError).description.contains("not JSON")
        }
    }

    @Test("a body cut short (its length header short of it) is retried, and the whole one stored")
    func cutShortRetried() async throws {
        let whole = api.body(forID: 25)
        let answered = Counter()
        api.override = { request in
            guard request.path.hasSuffix("/pokemon/25/") else { return nil }
            answered.increment()
            return answered.value == 1 ? .json(String(whole.dropLast(40))) : .json(whole)
        }
        let report = try await sync(ResourceSyncOptions(offset: 24, limit: 1, retry: .retries(2)))
        #expect(answered.value == 2 && report.detailsDownloaded == 1)
        #expect(try catalog.profile(id: 25)?.hasDetails == true)
    }

    @Test("JSON of the wrong shape is a decoding error saying what is missing")
    func wrongShape() async throws {
        api.override = { request in
            request.path.hasSuffix("/pokemon/25/") ? .json(#"{"id": 25, "name": "pikachu"}"#) : nil
        }
        await #expect {
            _ = try await sync(ResourceSyncOptions(offset: 24, limit: 1, retry: .retries(0)))
        } throws: { error in
            guard case .undecodable(let url, let reason, _) = error as? FetchError else { return false }
            return url.hasSuffix("/pokemon/25/") && reason.contains("missing")
        }
    }

    @Test("a detail whose id differs from its list entry is refused")
    func mismatchedID() async throws {
        let raichu = api.body(forID: 26)
        api.override = { request in request.path.hasSuffix("/pokemon/25/") ? .json(raichu) : nil }
        await #expect {
            _ = try await sync(ResourceSyncOptions(offset: 24, limit: 1, retry: .retries(0)))
        } throws: { error in
            guard case .undecodable(_, let reason, _) = error as? FetchError else { return false }
            return reason.contains("id 26") && reason.contains("id 25")
        }
        // Its list entry is stored, as the other entries of its page would be, but no details.
        #expect(try count("pokemon WHERE details_synced_at IS NOT NULL") == 0)
        #expect(try count("pokemon_detail_json") == 0)
    }

    @Test("an unreachable server is an error naming the host")
    func unreachable() async throws {
        let port = api.server.port
        api.stop()
        await #expect {
            _ = try await sync(ResourceSyncOptions(limit: 1, retry: .retries(0)))
        } throws: { error in
            guard case .unreachable = error as? FetchError else { return false }
            return (error as! FetchError).description.contains("127.0.0.1:\(port)")
        }
    }

    @Test("transient failures are retried: 503s, an HTML page, a dropped connection")
    func retriesTransientFailures() async throws {
        let failures = FailureBudget(["/api/v2/pokemon/25/": 2, "/api/v2/pokemon/26/": 1, "/api/v2/pokemon/27/": 1])
        api.override = { request in
            guard failures.take(request.path) else { return nil }
            switch request.path {
            case "/api/v2/pokemon/25/": return .text("busy", status: 503)
            case "/api/v2/pokemon/26/":
                return .text("<html>502 Bad Gateway</html>", status: 200, contentType: "text/html")
            default: return .faulted(.closeWithoutResponse)
            }
        }
        let report = try await sync(ResourceSyncOptions(offset: 24, limit: 5))
        #expect(report.detailsDownloaded == 5)
        #expect(try catalog.profile(id: 25)?.hasDetails == true)
        #expect(failures.remaining == 0)
    }

    @Test("retries are bounded: a persistent failure ends the sync")
    func retriesAreBounded() async throws {
        api.override = { request in request.path.hasSuffix("/pokemon/25/") ? .text("down", status: 503) : nil }
        await #expect(throws: FetchError.self) {
            _ = try await sync(ResourceSyncOptions(offset: 24, limit: 1, retry: .retries(2)))
        }
        #expect(api.server.requests.filter { $0.path.hasSuffix("/pokemon/25/") }.count == 3)
    }

    @Test("never more details in flight than --concurrency")
    func boundedConcurrency() async throws {
        let tracker = InFlightTracker()
        let real = Self.loopbackClient()
        let client = HTTPClient { request in
            tracker.begin()
            defer { tracker.end() }
            try await Task.sleep(for: .milliseconds(5))
            return try await real.send(request)
        }
        _ = try await sync(ResourceSyncOptions(concurrency: 3), client: client)
        // The list page may overlap the detail downloads, so allow one more.
        #expect(tracker.maximum <= 4)
        #expect(tracker.maximum >= 2)
    }
}

/// How many times each path still fails, shared by the server's threads.
final class FailureBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var budget: [String: Int]

    init(_ budget: [String: Int]) { self.budget = budget }

    func take(_ path: String) -> Bool {
        lock.withLock {
            guard let left = budget[path], left > 0 else { return false }
            budget[path] = left - 1
            return true
        }
    }

    var remaining: Int { lock.withLock { budget.values.reduce(0, +) } }
}

final class InFlightTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private(set) var maximum = 0

    func begin() {
        lock.withLock {
            current += 1
            maximum = max(maximum, current)
        }
    }

    func end() { lock.withLock { current -= 1 } }
}
