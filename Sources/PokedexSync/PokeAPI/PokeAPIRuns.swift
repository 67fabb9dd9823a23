import HTTPTypes
import LocalDatabase
import PokedexStore
import SQLiteDatabase

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The job's PokeAPI side: the Pokémon, then the kinds they link, each a recorded run of its
/// declaration (``PokeAPIResources``) through its typed kind.
extension SyncJob {
    /// The Pokémon, then the linked kinds, over one PokeAPI transport that they share, one run
    /// after another (a transport each would open new connections, a TLS handshake each on the
    /// real API, for every resource) and that is closed before the image host and GitHub are
    /// synced. Returns whether PokeAPI was reachable.
    func syncPokeAPI(
        database: Database, listed: Collected<ResourceListEntry>, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws -> Bool {
        // More requests in flight than connections keeps each connection busy; more
        // connections than this only churn through sockets.
        let concurrency = options.resources.concurrency
        let prefetch = ResponsePrefetch(
            network: pokeAPITransports.make(min(concurrency, 4), options.requestTimeoutSeconds),
            maximumInFlight: min(2, concurrency - 1))
        let transport = prefetch.transport
        // A signal stops the prefetches at once: nothing more is sent.
        let reachable = await withTaskCancellationHandler {
            do {
                prefetchLinkedLists(prefetch, log: log)
                do {
                    try await syncPokemon(
                        database: database, transport: transport, log: log, events: events, listed: listed)
                } catch let failure as SyncFailure where failure.concernsOneResource {
                    // The repositories live on another server: a PokeAPI outage need not stop them.
                    events(.failed(failure))
                    firstFailure = failure
                    guard await !failure.stopsServer(probing: rootIndexProbe, through: transport) else {
                        return Result<Bool, any Error>.success(false)
                    }
                }
                if !tookNoPokemon(listed) {
                    try await syncLinkedResources(
                        database: database, transport: transport, prefetch: prefetch, listed: listed, log: log,
                        events: events, firstFailure: &firstFailure)
                } else if firstFailure != nil {
                    events(.linkedKindsNotSynced)
                }
                try TypedBodyRescan.run(database)
                return .success(true)
            } catch {
                return .failure(error)
            }
        } onCancel: {
            prefetch.stop()
        }
        await prefetch.finish()
        return try reachable.get()
    }

    /// The Pokémon list from `--offset`, `--limit` entries of it, collecting what it commits:
    /// a partial sync takes what those Pokémon link.
    private func syncPokemon(
        database: Database, transport: @escaping HTTPTransport, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, listed: Collected<ResourceListEntry>
    ) async throws {
        guard options.resources.takes(.pokemon), try !skipsFresh(.pokemon, log: log, events: events) else {
            listed.skipped = true
            return
        }
        try await walk(
            PokeAPIResources.all[0], .list(offset: options.resources.offset), options: options.resources,
            database: database, transport: transport, log: log, events: events, committed: listed.append)
    }

    /// One recorded run of `resource`: its entries from `source`, then their details, through
    /// the typed kind its declaration names. `committed` sees each page's entries once stored;
    /// `speciesArrived` each species body as it arrives.
    func walk(
        _ resource: PokeAPIResource, _ source: ResourceEntrySource, options walk: ResourceSyncOptions,
        database: Database, transport: @escaping HTTPTransport, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void,
        committed: @escaping @Sendable ([ResourceListEntry]) -> Void = { _ in },
        speciesArrived: (DownloadedResource<SpeciesDetails>) -> Void = { _ in }
    ) async throws {
        let run = TypedWalk(
            job: self, resource: resource, source: source, options: walk, database: database, transport: transport,
            log: log, events: events, committed: committed)
        switch resource.extraction {
        case .pokemon: try await run.through(PokemonKind.self, store: PokemonCatalog(database: database))
        case .type: try await run.through(TypeKind.self, store: TypeStore(database: database))
        case .ability: try await run.through(AbilityKind.self, store: AbilityStore(database: database))
        case .species:
            try await run.through(SpeciesKind.self, store: SpeciesStore(database: database), arrived: speciesArrived)
        case .evolutionChain:
            try await run.through(EvolutionChainKind.self, store: EvolutionChainStore(database: database))
        case .body, .versionGroup:
            try await run.through(StoredBodyKind.self, store: StoredBodyStore(database: database, resource: resource))
        case .encounters:
            try await run.through(
                PokemonEncountersKind.self, store: StoredBodyStore(database: database, resource: resource))
        }
    }
}

/// One walk's settings, run through the typed kind that stores its bodies.
private struct TypedWalk {
    let job: SyncJob
    let resource: PokeAPIResource
    let source: ResourceEntrySource
    let options: ResourceSyncOptions
    let database: Database
    let transport: HTTPTransport
    let log: SyncRunLog
    let events: @Sendable (SyncEvent) -> Void
    let committed: @Sendable ([ResourceListEntry]) -> Void

    func through<Kind: PokeAPIResourceKind>(
        _ kind: Kind.Type, store: Kind.Store, arrived: (Kind.Store.Downloaded) -> Void = { _ in }
    ) async throws {
        let client = job.client(transport, events: events)
        let sync = ResourceSync<Kind>(resource, client: client, baseURL: job.options.pokeAPIBaseURL, store: store)
        let syncResource = SyncResource.pokeAPI(resource.kind)
        let committedPages = Latest<Int>()
        let (events, committed) = (self.events, self.committed)
        try await job.timedRun(syncResource, client: client, log: log, events: events) {
            try await sync.run(
                options, source: source, arrived: arrived, refused: { events(.refusedBody(syncResource, $0)) }
            ) { progress in
                committedPages.set(progress.report.pages)
                committed(progress.committedEntries)
                events(.resourceProgress(syncResource, progress, requests: client.statistics.requests))
            }
        } finished: { report, transfer in
            (
                .resourceFinished(syncResource, report, transfer: transfer),
                SyncRunEnd(outcome: .succeeded, itemsChanged: report.detailsDownloaded, requests: transfer.requests)
            )
        } failed: { requests in
            (SyncRunEnd(outcome: .failed, requests: requests), committedPages.value ?? 0)
        }
    }
}
