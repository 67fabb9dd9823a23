import Foundation
import PokedexStore
import Synchronization
import TestSupport
import Testing

@testable import HTTPTypes
@testable import LocalDatabase
@testable import PokedexSync

/// The sync job on the transport and clock its caller gives: no socket, no real waiting.
@Suite("Sync job on an in-memory transport")
struct SyncJobInMemoryTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("job.sqlite")
    }

    func job(
        _ api: InMemoryPokeAPI, clock: SyncClock = RecordingClock().clock, retries: Int = 0,
        maximumAge: Int? = nil, concurrency: Int = 3, offset: Int = 0, limit: Int? = nil
    ) -> SyncJob {
        SyncJob(
            options: SyncJobOptions(
                scope: .everything, databasePath: path, pokeAPIBaseURL: InMemoryPokeAPI.baseURL,
                gitHubBaseURL: URL(string: "http://github.test")!,
                resources: ResourceSyncOptions(
                    offset: offset, limit: limit, concurrency: concurrency, listPageSize: 4, commitSize: 4,
                    retry: .retries(retries),
                    maximumDetailAgeSeconds: maximumAge)),
            transports: api.factory, clock: clock)
    }

    var catalog: PokemonCatalog {
        get throws { PokemonCatalog(database: try LocalStore.openForReading(path: path)) }
    }

    @Test("a whole catalog syncs page by page, then revalidates with ETags only", arguments: [1, 4, 10, 11])
    func wholeCatalog(count: Int) async throws {
        let api = InMemoryPokeAPI(count: count)
        try await job(api).run { _ in }
        #expect(try catalog.count() == count)
        #expect(try catalog.detailBody(id: count) == Array(InMemoryPokeAPI.detail(id: count).utf8))
        let log = SyncRunLog(database: try LocalStore.openForReading(path: path))
        #expect(try log.latest(.pokemon, outcomes: [.succeeded])?.itemsChanged == count)

        let again = InMemoryPokeAPI(count: count)
        try await job(again, maximumAge: 0).run { _ in }
        // The Pokémon's details (the entry's resources are revalidated too, apart from these).
        let details = again.requests.filter {
            $0.url.path.hasPrefix("/api/v2/pokemon/") && $0.url.path.split(separator: "/").count == 4
        }
        #expect(details.count == count && details.allSatisfy { $0.headers["If-None-Match"] != nil })
        #expect(try catalog.count() == count)
    }

    @Test("the evolution chains are downloaded while the species are, each once; a refresh revalidates them")
    func chainsPrefetched() async throws {
        func details(_ api: InMemoryPokeAPI, _ resource: String) -> [HTTPRequest] {
            api.requests.filter {
                $0.url.path.hasPrefix("/api/v2/\(resource)/") && $0.url.path.split(separator: "/").count == 4
            }
        }
        let api = InMemoryPokeAPI(count: 40)
        try await job(api).run { _ in }
        let chains = details(api, "evolution-chain").map(\.url)
        #expect(chains.count == 40 && Set(chains).count == 40, "each chain asked for once")
        let order = api.requests.map(\.url)
        let firstChain = try #require(order.firstIndex { $0.path.contains("/evolution-chain/") })
        let lastSpecies = try #require(order.lastIndex { $0.path.contains("/pokemon-species/") })
        #expect(firstChain < lastSpecies, "a chain was asked for before the last species")
        let stored = EvolutionChainStore(database: try LocalStore.openForReading(path: path))
        #expect(try stored.storedDetails(maximumAgeSeconds: nil).count == 40)

        // Every species changed: their bodies arrive again, and their chains, stored, are
        // revalidated by the chains' run, not prefetched unconditionally.
        let again = InMemoryPokeAPI(count: 40, revision: 1)
        try await job(again, maximumAge: 0).run { _ in }
        #expect(details(again, "pokemon-species").count == 40)
        let revalidated = details(again, "evolution-chain")
        #expect(revalidated.count == 40 && revalidated.allSatisfy { $0.headers["If-None-Match"] != nil })
    }

    @Test("the entry's first list pages are asked for while the catalog syncs, each once")
    func entryListsPrefetched() async throws {
        let api = InMemoryPokeAPI(count: 40)
        try await job(api).run { _ in }
        let again = InMemoryPokeAPI(count: 40)
        try await job(again).run { _ in }
        let lists = again.requests.map(\.url).filter { $0.query != nil }
        let lastCatalogPage = try #require(lists.lastIndex { $0.lastPathComponent == "pokemon" })
        for path in ["type", "ability", "pokemon-species"] {
            let pages = lists.indices.filter { lists[$0].lastPathComponent == path }
            #expect(pages.count == 1, "\(path): \(pages.count) list requests")
            #expect(pages.allSatisfy { $0 < lastCatalogPage }, "\(path)'s list waited for the catalog")
        }
    }

    @Test("nothing is prefetched under --concurrency 1, nor lists by a partial sync, which follows links")
    func nothingPrefetched() async throws {
        let one = InMemoryPokeAPI(count: 40)
        try await job(one, concurrency: 1).run { _ in }
        let order = one.requests.map(\.url)
        let lastSpecies = try #require(order.lastIndex { $0.path.contains("/pokemon-species/") })
        let firstChain = try #require(order.firstIndex { $0.path.contains("/evolution-chain/") })
        let lastCatalogPage = try #require(order.lastIndex { $0.query != nil && $0.lastPathComponent == "pokemon" })
        let firstTypeList = try #require(order.firstIndex { $0.query != nil && $0.lastPathComponent == "type" })
        #expect(firstChain > lastSpecies && firstTypeList > lastCatalogPage)

        try FileManager.default.removeItem(atPath: path)
        // The fake's Pokémon link their types as "u", which a partial sync cannot follow: those
        // runs fail, after the point where lists would have been prefetched.
        let partial = InMemoryPokeAPI(count: 40)
        try? await job(partial, limit: 8).run { _ in }
        #expect(partial.requests.contains { $0.url.lastPathComponent == "8" })
        #expect(!partial.requests.contains { $0.url.query != nil && $0.url.lastPathComponent != "pokemon" })
    }

    @Test("a 503 with Retry-After is waited out on the job's clock, not the wall clock")
    func retryAfterOnTheGivenClock() async throws {
        let api = InMemoryPokeAPI(count: 6) { request, attempt in
            guard request.url.absoluteString.hasSuffix("/pokemon/5/"), attempt == 1 else { return nil }
            return InMemoryPokeAPI.answer(request, status: 503, body: "busy", headers: ["Retry-After": "30"])
        }
        let recorder = RecordingClock()
        try await job(api, clock: recorder.clock, retries: 2).run { _ in }
        #expect(recorder.slept == [.seconds(30)], "the one wait went through the job's clock")
        #expect(try catalog.count() == 6)
    }

    @Test("a detail that keeps failing fails the catalog's run; earlier pages stay committed")
    func failureKeepsCommittedPages() async throws {
        let api = InMemoryPokeAPI(count: 10) { request, _ in
            request.url.absoluteString.hasSuffix("/pokemon/9/")
                ? InMemoryPokeAPI.answer(request, status: 403, body: "{}") : nil
        }
        await #expect {
            try await job(api).run { _ in }
        } throws: { error in
            // A 403 speaks of the server, not of one entry (a 404 would leave the entry out).
            guard let failure = error as? SyncFailure, case .status(_, 403, _)? = failure.underlying as? FetchError
            else { return false }
            return failure.pagesCommitted == 2
        }
        #expect(try catalog.count() == 8, "pages 1 and 2 (4 each) were committed before page 3 failed")
    }

    @Test("a partial sync whose Pokémon list fails takes nothing they link, and leaves no file it made")
    func partialListFails() async throws {
        let api = InMemoryPokeAPI(count: 10) { request, _ in
            request.url.query != nil && request.url.lastPathComponent == "pokemon"
                ? InMemoryPokeAPI.answer(request, status: 500, body: "{}") : nil
        }
        let started = Mutex<[SyncResource]>([])
        await #expect(throws: SyncFailure.self) {
            try await job(api, limit: 8).run { event in
                if case .started(let resource, _) = event { started.withLock { $0.append(resource) } }
            }
        }
        #expect(started.withLock { $0 } == [.pokemon], "no other kind ran, to be recorded as synced")
        #expect(!FileManager.default.fileExists(atPath: path), "nothing was stored")
    }

    @Test("a partial sync past the list's end takes nothing they link, nor records it as synced")
    func partialPastTheEnd() async throws {
        let api = InMemoryPokeAPI(count: 10)
        try await job(api, offset: 40, limit: 8).run { _ in }
        #expect(api.requests.allSatisfy { $0.url.lastPathComponent == "pokemon" })
        let runs = try LocalStore.openForReading(path: path).query("SELECT DISTINCT resource FROM sync_run") {
            $0.text(0)
        }
        #expect(runs == [SyncResource.pokemon.kind])
    }
}
