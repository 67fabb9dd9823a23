import CurlTransport
import Foundation
import LoopbackHTTP
import PokedexStore
import TestSupport
import Testing

@testable import HTTPTypes
@testable import IssueStore
@testable import LocalDatabase
@testable import PokedexSync

/// A whole `pokedex sync` below the CLI: lock, run records, skipping, failures, cancellation.
@Suite("Sync job")
struct SyncJobTests {
    let directory: TemporaryDirectory
    let pokeAPI: FakePokeAPI
    let github: FakeGitHub
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        pokeAPI = try FakePokeAPI()
        github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 30)])
        path = directory.file("job.sqlite")
    }

    func options(_ scope: SyncJobOptions.Scope, skipWithin: Int? = nil) -> SyncJobOptions {
        SyncJobOptions(
            scope: scope, databasePath: path, pokeAPIBaseURL: URL(string: pokeAPI.baseURL)!,
            gitHubBaseURL: URL(string: github.baseURL)!,
            resources: ResourceSyncOptions(limit: 20, retry: .retries(0)),
            gitHub: GitHubSyncOptions(retry: .retries(0)), skipIfSucceededWithinSeconds: skipWithin)
    }

    func run(_ options: SyncJobOptions) async throws -> [SyncEvent] {
        let events = EventLog()
        try await SyncJob(options: options, transports: CurlTransport.factory).run(events: events.append)
        return events.all
    }

    var log: SyncRunLog {
        get throws { SyncRunLog(database: try LocalStore.openForReading(path: path)) }
    }

    /// Whether the learnsets' index by move exists (a first sync builds it at its end).
    var hasLearnsetIndex: Bool {
        get throws {
            try LocalStore.openForReading(path: path).queryFirst(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'pokemon_move_by_move'"
            ) { $0.int(0) } == 1
        }
    }

    /// A stored Pokémon's body given a move, pending a scan, as a body stored before pokedex
    /// kept learnsets is: the next sync's upkeep stores its learnset before anything else.
    func pendLearnset() throws {
        let database = try LocalStore.openForWriting(path: path)
        defer { database.close() }
        let body = LearnsetTests.body(
            #"[{"move":{"name":"thunderbolt","url":"u"},"version_group_details":["#
                + LearnsetTests.detail("red-blue", "machine", 0) + "]}]")
        let id = try #require(try database.queryFirst("SELECT min(pokemon_id) FROM pokemon_detail_json") { $0.int(0) })
        try database.run(
            "UPDATE pokemon_detail_json SET body_encoding = 'identity', body_size = ?, body = ? WHERE pokemon_id = ?",
            [.int(body.count), .blob(Array(body)[...]), .int(id)])
        try database.run("INSERT OR IGNORE INTO pokemon_move_rescan_pending VALUES (?)", [.int(id)])
    }

    var rocket: SyncResource { .issues(repositoryName: "acme/rocket", repositoryID: nil) }

    @Test("each resource's run is recorded; --if-older-than skips fresh ones without a request")
    func recordsAndSkips() async throws {
        _ = try await run(options(.repository(GitHubRepositoryName("acme/rocket")!)))
        _ = try await run(options(.everything))
        let stored = try #require(
            try IssueArchive(database: try LocalStore.openForReading(path: path)).repositories().first)
        let storedRocket = SyncResource.issues(repositoryName: stored.fullName, repositoryID: stored.id)
        #expect(try log.latest(.pokemon, outcomes: [.succeeded])?.itemsChanged == 20)
        #expect(try log.latest(storedRocket, outcomes: [.succeeded]) != nil)

        pokeAPI.resetCounters()
        github.resetCounters()
        let events = try await run(options(.everything, skipWithin: 3_600))
        let skipped = events.compactMap { event -> SyncResource? in
            if case .skipped(let resource, _) = event { return resource }
            return nil
        }
        #expect(skipped == [.pokemon] + SyncResource.linked + [.artwork, storedRocket])
        #expect(pokeAPI.listRequestCount == 0 && pokeAPI.detailRequestCount == 0 && github.requestCount == 0)
        let entryRequests = ["type", "ability", "pokemon-species", "evolution-chain"].map {
            pokeAPI.entryListRequestCount($0) + pokeAPI.entryDetailRequestCount($0) + pokeAPI.entryNotModifiedCount($0)
        }
        #expect(entryRequests == [0, 0, 0, 0], "no request for the Pokédex entry's resources either")
    }

    @Test("the catalog and every resource of the Pokédex entry share PokeAPI's connections")
    func pokeAPIConnectionsShared() async throws {
        var whole = options(.everything)
        // The image host is a server of its own, with connections of its own.
        whole.artwork = .none
        _ = try await run(whole)
        let entryDetails = ["type", "ability", "pokemon-species", "evolution-chain"].map {
            pokeAPI.entryDetailRequestCount($0)
        }
        #expect(entryDetails.allSatisfy { $0 > 0 }, "each resource was synced: \(entryDetails)")
        // A transport of their own each would open at least one for each of the five.
        let accepted = pokeAPI.server.connectionCounts.accepted
        #expect(accepted <= 4, "\(accepted) connections for one sync's five PokeAPI resources")
    }

    @Test("a PokeAPI failure is recorded and reported, and repositories are still refreshed")
    func catalogFailureGoesOn() async throws {
        _ = try await run(options(.repository(GitHubRepositoryName("acme/rocket")!)))
        github.resetCounters()
        pokeAPI.override = { request in request.path.contains("/pokemon/") ? .text("gone", status: 404) : nil }
        await #expect {
            _ = try await run(options(.everything))
        } throws: { error in
            guard let failure = error as? SyncFailure, failure.resource == .pokemon,
                case .status(_, 404, _)? = failure.underlying as? FetchError
            else { return false }
            return failure.pagesCommitted == 0 && failure.lastSuccess == nil
        }
        #expect(github.requestCount > 0, "the repository was refreshed after the catalog failed")
        let failed = try #require(try log.latest(.pokemon, outcomes: [.failed]))
        #expect(failed.error?.contains("404") == true && failed.finishedAt != nil)
    }

    @Test("learnsets are indexed by move at a sync's end, not while none is stored; a missing index comes back")
    func learnsetIndexBuiltAtTheEnd() async throws {
        _ = try await run(options(.everything))
        #expect(try !hasLearnsetIndex, "the fake Pokémon teach nothing: no learnset, no index")
        try pendLearnset()
        _ = try await run(options(.everything))
        #expect(try hasLearnsetIndex)
        // What a sync killed before its end leaves.
        let database = try LocalStore.openForWriting(path: path)
        try database.execute("DROP INDEX pokemon_move_by_move")
        database.close()
        #expect(try !hasLearnsetIndex)
        _ = try await run(options(.everything))
        #expect(try hasLearnsetIndex)
    }

    @Test("a failed job builds the learnsets' index too")
    func learnsetIndexAfterAFailure() async throws {
        _ = try await run(options(.everything))
        try pendLearnset()
        pokeAPI.override = { request in request.path.contains("/pokemon") ? .text("gone", status: 404) : nil }
        await #expect(throws: SyncFailure.self) { _ = try await run(options(.everything)) }
        #expect(try hasLearnsetIndex)
    }

    @Test("cancelling stops after a committed page and records the run as interrupted")
    func cancellation() async throws {
        let events = EventLog()
        let firstPageDone = AsyncStream<Void>.makeStream()
        pokeAPI.override = { request in
            // Details past the first page stall until the cancellation lands.
            guard let id = Int(request.path.split(separator: "/").last ?? ""), id > 10 else { return nil }
            return ScriptedResponse.json("{}").withFault(.stall(seconds: 120))
        }
        var catalog = options(.everything).resources
        // One list request, committed in parts of 10.
        catalog.commitSize = 10
        var jobOptions = options(.everything)
        jobOptions.resources = catalog
        jobOptions.requestTimeoutSeconds = 300
        let job = SyncJob(options: jobOptions, transports: CurlTransport.factory)
        let work = Task {
            try await job.run { event in
                events.append(event)
                if case .resourceProgress(.pokemon, _, _) = event { firstPageDone.continuation.yield() }
            }
        }
        for await _ in firstPageDone.stream { break }
        let cancelled = ContinuousClock.now
        work.cancel()
        await #expect {
            try await work.value
        } throws: { error in
            (error as? SyncFailure)?.wasInterrupted == true
        }
        // Half the stall: room for a loaded machine to resume the test.
        #expect(ContinuousClock.now - cancelled < .seconds(60), "the stalled details were waited for")
        let run = try #require(try log.latest(.pokemon, outcomes: [.interrupted]))
        #expect(run.error == "interrupted by a signal")
        #expect(
            try PokemonCatalog(database: try LocalStore.openForReading(path: path)).count() == 10,
            "the first page stays; the stalled one was never committed")
    }
}

extension SyncJobTests {
    @Test("cancelling while the next list page is awaited stops at once")
    func cancellationDuringAListPage() async throws {
        let stalled = AsyncStream<Void>.makeStream()
        pokeAPI.override = { request in
            // The catalog's second list page stalls far longer than the test may take.
            guard request.path.hasSuffix("/pokemon/"), request.query["offset"] == "10" else { return nil }
            stalled.continuation.yield()
            return ScriptedResponse.json("{}").withFault(.stall(seconds: 120))
        }
        var jobOptions = options(.everything)
        jobOptions.resources.listPageSize = 10
        jobOptions.resources.commitSize = 10
        // Longer than the stall: only the cancellation can end the list page's request.
        jobOptions.requestTimeoutSeconds = 300
        let job = SyncJob(options: jobOptions, transports: CurlTransport.factory)
        let work = Task { try await job.run { _ in } }
        for await _ in stalled.stream { break }
        // Once the first page's details are answered, the sync has nothing to do but wait for
        // the list page (how long that takes to happen under load changes nothing asserted).
        while pokeAPI.detailRequestCount < 10 { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(300))
        let cancelled = ContinuousClock.now
        work.cancel()
        await #expect {
            try await work.value
        } throws: { error in
            (error as? SyncFailure)?.wasInterrupted == true
        }
        // Half the stall: room for a loaded machine to resume the test.
        #expect(ContinuousClock.now - cancelled < .seconds(60), "the stalled list page was waited for")
    }
}

private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [SyncEvent] = []
    var all: [SyncEvent] { lock.withLock { events } }
    func append(_ event: SyncEvent) { lock.withLock { events.append(event) } }
}
