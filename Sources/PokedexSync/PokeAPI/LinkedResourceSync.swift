import HTTPTypes
import LocalDatabase
import PokedexStore
import SQLiteDatabase

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// After the catalog, `pokedex sync` takes what a Pokédex entry shows: types, abilities,
/// species (from their lists) and evolution chains (from each species' `evolution_chain.url`).
/// A partial sync (`--offset`/`--limit`) takes only what its Pokémon need, following the URLs
/// their bodies gave: their types, abilities and species, those species' chains, and the
/// species the chains name. Each resource is a run of its own, committed page by page; a
/// failure of one is reported and the others still run. The chains not stored yet are
/// downloaded as their species arrive (``ResponsePrefetch``), while the species are written.
extension SyncJob {
    var isPartial: Bool { options.resources.offset != 0 || options.resources.limit != nil }

    func syncLinkedResources(
        database: Database, transport: @escaping HTTPTransport, prefetch: ResponsePrefetch,
        listed: Collected<ResourceListEntry>, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws {
        let links = ResourceLinks(database: database)
        let pokemonIDs = try partialPokemonIDs(listed: listed, links: links)
        var speciesTaken: Set<Int> = []
        var chainIDs: [Int] = []
        let steps: [SyncResource] = SyncResource.linked + (pokemonIDs == nil ? [] : [.species])
        var speciesSkipped = false
        for (index, resource) in steps.enumerated() {
            let secondSpeciesPass = resource == .species && index >= SyncResource.linked.count
            // The species the chains name belong to the species run --if-older-than judged.
            if secondSpeciesPass ? speciesSkipped : try skipsFresh(resource, log: log, events: events) {
                if resource == .species { speciesSkipped = true }
                continue
            }
            do {
                switch resource {
                case .types:
                    let source: ResourceEntrySource =
                        try pokemonIDs.map { .entries(try Self.entries(links.types(ofPokemon: $0))) }
                        ?? .list(offset: 0)
                    try await syncEntryResource(
                        TypeKind.self, resource, TypeStore(database: database), source, transport, log, events)
                case .abilities:
                    let source: ResourceEntrySource =
                        try pokemonIDs.map { .entries(try Self.entries(links.abilities(ofPokemon: $0))) }
                        ?? .list(offset: 0)
                    try await syncEntryResource(
                        AbilityKind.self, resource, AbilityStore(database: database), source, transport, log, events)
                case .species where !secondSpeciesPass:
                    let source: ResourceEntrySource
                    if let pokemonIDs {
                        let entries = try Self.entries(links.species(ofPokemon: pokemonIDs))
                        speciesTaken = Set(entries.map(\.id))
                        source = .entries(entries)
                    } else {
                        source = .list(offset: 0)
                    }
                    let prefetchChain = chainPrefetcher(database: database, log: log, prefetch: prefetch)
                    // The prefetches are downloads of `--concurrency` too.
                    try await syncEntryResource(
                        SpeciesKind.self, resource, SpeciesStore(database: database), source, transport, log, events,
                        lentDownloads: prefetchChain == nil ? 0 : prefetch.maximumInFlight,
                        arrived: prefetchChain ?? { _ in })
                case .species:
                    // The species the chains name that the Pokémon themselves did not.
                    let entries = try Self.entries(links.species(inChains: chainIDs)).filter {
                        !speciesTaken.contains($0.id)
                    }
                    guard !entries.isEmpty else { continue }
                    try await syncEntryResource(
                        SpeciesKind.self, resource, SpeciesStore(database: database), .entries(entries), transport,
                        log, events)
                default:
                    let entries = try Self.entries(
                        links.evolutionChains(ofSpecies: pokemonIDs == nil ? nil : Array(speciesTaken)))
                    chainIDs = entries.map(\.id)
                    try await syncEntryResource(
                        EvolutionChainKind.self, resource, EvolutionChainStore(database: database), .entries(entries),
                        transport, log, events)
                }
            } catch let failure as SyncFailure where failure.concernsOneResource {
                events(.failed(failure))
                firstFailure = firstFailure ?? failure
                if failure.stopsServer { return }
            } catch let error as FetchError {
                // A link a stored body gave that cannot be followed (no id in it): this
                // resource's run fails, recorded as any other, and the others go on.
                do {
                    try await record(resource, log: log, events: events) {
                        throw error
                    } failed: { _ in
                        (SyncRunEnd(outcome: .failed, requests: 0), 0)
                    }
                } catch let failure as SyncFailure {
                    events(.failed(failure))
                    firstFailure = firstFailure ?? failure
                }
            }
        }
    }

    /// The Pokémon a partial sync (`--offset`/`--limit`) took: those its list pages committed,
    /// or, when the catalog was skipped as fresh, the stored ones in that range. nil for a
    /// full sync: everything.
    func partialPokemonIDs(listed: Collected<ResourceListEntry>, links: ResourceLinks) throws -> [Int]? {
        guard isPartial else { return nil }
        return listed.skipped
            ? try links.pokemonIDs(offset: options.resources.offset, limit: options.resources.limit)
            : listed.values.map(\.id)
    }

    /// Followed links as entries, keyed by the id in their URL (the first of each id kept).
    static func entries(_ links: [ResourceLinks.Link]) throws -> [ResourceListEntry] {
        var seen: Set<Int> = []
        var entries: [ResourceListEntry] = []
        for link in links {
            let id: Int
            do {
                id = try PokemonResource.id(fromURL: link.url)
            } catch {
                throw FetchError.undecodable(
                    url: link.url, reason: "a stored body links to it, but it has no id", bodyPrefix: "")
            }
            if seen.insert(id).inserted { entries.append(ResourceListEntry(id: id, name: link.name, url: link.url)) }
        }
        return entries
    }

    /// Asks for the first list page of each listed resource of the entry that will run, while
    /// the catalog syncs: a refresh, which downloads little else, otherwise waits for each of
    /// those round trips in turn. A partial sync follows links instead of lists; `--concurrency
    /// 1` prefetches nothing. Best effort: what cannot be judged or asked for here (the run log
    /// unreadable, say) is left to the runs, which meet it and record it as theirs.
    func prefetchEntryLists(_ prefetch: ResponsePrefetch, log: SyncRunLog) {
        guard !isPartial, prefetch.maximumInFlight > 0 else { return }
        var walk = options.resources
        walk.limit = nil
        let firstPages: [(SyncResource, PokeAPIEndpoint)] = [
            (.types, ResourceSync<TypeKind>.firstListPage(offset: 0, walk)),
            (.abilities, ResourceSync<AbilityKind>.firstListPage(offset: 0, walk)),
            (.species, ResourceSync<SpeciesKind>.firstListPage(offset: 0, walk)),
        ]
        for (resource, page) in firstPages where (try? freshSuccess(resource, log: log)) == .some(nil) {
            if let request = try? page.request(baseURL: options.pokeAPIBaseURL) { prefetch.prefetch(request) }
        }
    }

    /// What prefetches each arriving species' evolution chain, when the chains' run will ask
    /// for it unconditionally: it is not stored yet, and that run is not skipped as fresh.
    /// nil when nothing is prefetched (`--concurrency 1` leaves no download for it), or when
    /// what it needs cannot be read: the runs meet that failure themselves, recorded as theirs.
    private func chainPrefetcher(
        database: Database, log: SyncRunLog, prefetch: ResponsePrefetch
    ) -> ((DownloadedResource<SpeciesDetails>) -> Void)? {
        guard prefetch.maximumInFlight > 0, (try? freshSuccess(.evolutionChains, log: log)) == .some(nil),
            let stored = try? EvolutionChainStore(database: database).storedDetails(maximumAgeSeconds: nil)
        else { return nil }
        let baseURL = options.pokeAPIBaseURL
        return { species in
            guard let url = species.fields.evolutionChainURL,
                let id = try? PokemonResource.id(fromURL: url), stored[id] == nil,
                let request = try? ResourceSync<EvolutionChainKind>.detailsRequest(url, baseURL: baseURL, etag: nil)
            else { return }
            prefetch.prefetch(request)
        }
    }

    private func syncEntryResource<Kind: PokeAPIResourceKind>(
        _ kind: Kind.Type, _ resource: SyncResource, _ store: Kind.Store, _ source: ResourceEntrySource,
        _ transport: @escaping HTTPTransport, _ log: SyncRunLog,
        _ events: @escaping @Sendable (SyncEvent) -> Void,
        lentDownloads: Int = 0, arrived: (Kind.Store.Downloaded) -> Void = { _ in }
    ) async throws {
        let client = HTTPClient(clock: clock, transport: transport)
        let sync = ResourceSync<Kind>(client: client, baseURL: options.pokeAPIBaseURL, store: store)
        // --offset and --limit cut the Pokémon list; these walks take all that is wanted.
        var walk = options.resources
        walk.offset = 0
        walk.limit = nil
        walk.concurrency = max(1, walk.concurrency - lentDownloads)
        let committedPages = Latest<Int>()
        try await record(resource, log: log, events: events) {
            let stopwatch = ContinuousClock()
            let started = stopwatch.now
            let report = try await sync.run(walk, source: source, arrived: arrived) { progress in
                committedPages.set(progress.report.pages)
                events(.resourceProgress(resource, progress, requests: client.statistics.requests))
            }
            events(
                .resourceFinished(
                    resource, report,
                    transfer: TransferSummary(
                        requests: client.statistics.requests, bytes: client.statistics.bytes,
                        duration: stopwatch.now - started)))
            return SyncRunEnd(
                outcome: .succeeded, itemsChanged: report.detailsDownloaded, requests: client.statistics.requests)
        } failed: { _ in
            (SyncRunEnd(outcome: .failed, requests: client.statistics.requests), committedPages.value ?? 0)
        }
    }
}
