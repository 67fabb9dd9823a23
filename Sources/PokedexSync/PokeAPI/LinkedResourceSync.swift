import HTTPTypes
import LocalDatabase
import PokedexStore
import SQLiteDatabase

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// After the Pokémon, `pokedex sync` takes the kinds their bodies link, in the order
/// ``PokeAPIResources`` declares them: a listed kind by walking its list, a followed one (the
/// evolution chains) through the links stored bodies give. A partial sync (`--offset`/`--limit`)
/// takes only what its Pokémon need, following the links of what it took: their types,
/// abilities and species, those species' chains, and then, again, the species the chains name;
/// then what their entries display (``PokeAPIResources/displayed``).
/// Each resource is a run of its own, committed page by page; a failure of one is reported and
/// the others still run. The chains not stored yet are downloaded as their species arrive
/// (``ResponsePrefetch``), while the species are written.
extension SyncJob {
    var isPartial: Bool { options.resources.isPartial }

    /// The request that asks whether PokeAPI still answers: its root index, small and cheap.
    var rootIndexProbe: HTTPRequest? { try? PokeAPIEndpoint.rootIndex.request(baseURL: options.pokeAPIBaseURL) }

    func syncLinkedResources(
        database: Database, transport: @escaping HTTPTransport, prefetch: ResponsePrefetch,
        listed: Collected<ResourceListEntry>, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws {
        let links = try ResourceLinks(database: database)
        // What a partial sync took of each kind, whose links the kinds after it follow.
        var taken: [PokeAPIKind: [Int]] = [:]
        if let pokemonIDs = try partialPokemonIDs(listed: listed, links: links) { taken[.pokemon] = pokemonIDs }
        var skipped: Set<PokeAPIKind> = []
        let listed = try await indexedResources(
            database: database, transport: transport, log: log, events: events, firstFailure: &firstFailure)
        // A partial sync takes of the index's kinds what its Pokémon's entries display, of
        // those the server offers (one serving the Pokédex's kinds only lists none).
        let offered = Set(listed.map(\.kind.name))
        let indexed = isPartial ? PokeAPIResources.displayed.filter { offered.contains($0.kind.name) } : listed
        var runs = (PokeAPIResources.linked.filter { $0.reach != .indexed } + indexed)
            .filter { options.resources.takes($0.kind) }.map { (resource: $0, again: false) }
        var next = 0
        while next < runs.count {
            let (resource, again) = runs[next]
            next += 1
            let syncResource = SyncResource.pokeAPI(resource.kind)
            // Taken again, it belongs to the run --if-older-than judged first.
            if again ? skipped.contains(resource.kind) : try skipsFresh(syncResource, log: log, events: events) {
                skipped.insert(resource.kind)
                continue
            }
            do {
                let source: ResourceEntrySource
                if isPartial || resource.reach == .followed {
                    let entries = try Self.entries(followedLinks(of: resource, taken: taken, links: links))
                        .filter { !(taken[resource.kind] ?? []).contains($0.id) }
                    if again && entries.isEmpty { continue }
                    taken[resource.kind, default: []] += entries.map(\.id)
                    source = .entries(entries)
                } else {
                    source = .list(offset: 0)
                }
                try await walkLinked(
                    resource, source, database: database, transport: transport, prefetch: prefetch, log: log,
                    events: events)
            } catch let failure as SyncFailure where failure.concernsOneResource {
                events(.failed(failure))
                firstFailure = firstFailure ?? failure
                if await failure.stopsServer(probing: rootIndexProbe, through: transport) { return }
            } catch let error as FetchError {
                // A link a stored body gave that cannot be followed (no id in it): this
                // resource's run fails, recorded as any other, and the others go on.
                do {
                    try await record(syncResource, log: log, events: events) {
                        throw error
                    } failed: {
                        (SyncRunEnd(outcome: .failed, requests: 0), 0)
                    }
                } catch let failure as SyncFailure {
                    events(.failed(failure))
                    firstFailure = firstFailure ?? failure
                }
            }
            guard isPartial else { continue }
            // The kinds taken before that this one links to are taken again for what it adds.
            for earlier in runs[..<(next - 1)].map(\.resource)
            where earlier.links.contains(where: { $0.from == resource.kind })
                && !runs[next...].contains(where: { $0.resource.kind == earlier.kind })
            {
                runs.append((earlier, true))
            }
        }
    }

    /// The links to `resource` that its run follows: in a partial sync, those of what it took
    /// of each kind linking here; in a whole sync, those of every stored row.
    private func followedLinks(
        of resource: PokeAPIResource, taken: [PokeAPIKind: [Int]], links: ResourceLinks
    ) throws -> [ResourceLinks.Link] {
        try resource.links.flatMap { link -> [ResourceLinks.Link] in
            guard isPartial else { return try links.follow(link, from: nil) }
            guard let ids = taken[link.from] else { return [] }
            return try links.follow(link, from: ids)
        }
    }

    /// One linked kind's run: its downloads are `--concurrency`'s, less those the chain
    /// prefetches borrow while the species run.
    private func walkLinked(
        _ resource: PokeAPIResource, _ source: ResourceEntrySource, database: Database,
        transport: @escaping HTTPTransport, prefetch: ResponsePrefetch, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void
    ) async throws {
        // --offset and --limit cut the Pokémon list; these walks take all that is wanted.
        var walk = options.resources
        walk.offset = 0
        walk.limit = nil
        let prefetchChain =
            resource.extraction == .species ? chainPrefetcher(database: database, log: log, prefetch: prefetch) : nil
        walk.concurrency = max(1, walk.concurrency - (prefetchChain == nil ? 0 : prefetch.maximumInFlight))
        try await self.walk(
            resource, source, options: walk, database: database, transport: transport, log: log, events: events,
            speciesArrived: prefetchChain ?? { _ in })
    }

    /// Whether a partial sync took no Pokémon: their run failed before it committed any, or
    /// the range starts past the list's end. Then it takes nothing they link (no image, no
    /// kind), rather than recording each of those kinds as synced with nothing to take.
    func tookNoPokemon(_ listed: Collected<ResourceListEntry>) -> Bool {
        isPartial && !listed.skipped && listed.values.isEmpty
    }

    /// The Pokémon a partial sync (`--offset`/`--limit`) took: those its list pages committed,
    /// or, when their run was skipped as fresh, the stored ones in that range. nil for a
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
                id = try link.id ?? PokemonResource.signedID(fromURL: link.url)
            } catch {
                throw FetchError.undecodable(
                    url: link.url, reason: "a stored body links to it, but it has no id", bodyPrefix: "")
            }
            if seen.insert(id).inserted { entries.append(ResourceListEntry(id: id, name: link.name, url: link.url)) }
        }
        return entries
    }

    /// Asks for the first list page of each listed kind that will run, while the Pokémon sync:
    /// a refresh, which downloads little else, otherwise waits for each of those round trips
    /// in turn. A partial sync follows links instead of lists; `--concurrency 1` prefetches
    /// nothing. Best effort: what cannot be judged or asked for here (the run log unreadable,
    /// say) is left to the runs, which meet it and record it as theirs.
    func prefetchLinkedLists(_ prefetch: ResponsePrefetch, log: SyncRunLog) {
        guard !isPartial, prefetch.maximumInFlight > 0 else { return }
        var walk = options.resources
        walk.limit = nil
        for resource in PokeAPIResources.linked where resource.reach == .listed && walk.takes(resource.kind) {
            guard (try? freshSuccess(.pokeAPI(resource.kind), log: log)) == .some(nil),
                let request = try? resource.firstListPage(offset: 0, walk).request(baseURL: options.pokeAPIBaseURL)
            else { continue }
            prefetch.prefetch(request)
        }
    }

    /// What prefetches each arriving species' evolution chain, when the chains' run will ask
    /// for it unconditionally: it is not stored yet (or was stored from another URL), and that
    /// run is not skipped as fresh.
    /// nil when nothing is prefetched (`--concurrency 1` leaves no download for it), or when
    /// what it needs cannot be read: the runs meet that failure themselves, recorded as theirs.
    private func chainPrefetcher(
        database: Database, log: SyncRunLog, prefetch: ResponsePrefetch
    ) -> ((DownloadedResource<SpeciesDetails>) -> Void)? {
        guard prefetch.maximumInFlight > 0, options.resources.takes(PokeAPIResources.evolutionChain.kind),
            (try? freshSuccess(.pokeAPI(PokeAPIResources.evolutionChain.kind), log: log)) == .some(nil),
            let stored = try? EvolutionChainStore(database: database).storedDetails(maximumAgeSeconds: nil)
        else { return nil }
        let baseURL = options.pokeAPIBaseURL
        return { species in
            guard let url = species.fields.evolutionChainURL,
                let id = try? PokemonResource.id(fromURL: url), stored[id].map({ $0.url != url }) ?? true,
                let request = try? ResourceSync<EvolutionChainKind>.detailsRequest(url, baseURL: baseURL, etag: nil)
            else { return }
            prefetch.prefetch(request)
        }
    }
}
