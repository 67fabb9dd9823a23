import LocalDatabase
import PokedexStore
import SQLiteDatabase

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// After the linked kinds, `pokedex sync` stores the images the Pokémon's bodies link
/// (`--artwork`, sprites by default): a run of its own (`artwork`), judged by --if-older-than,
/// that succeeds whatever single images or their host do. A partial sync takes the images
/// of its Pokémon only.
extension SyncJob {
    func syncArtwork(
        database: Database, listed: Collected<ResourceListEntry>, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws {
        let kinds = options.artwork.kinds
        guard !kinds.isEmpty, try !skipsFresh(.artwork, log: log, events: events) else { return }
        let store = PokemonImageStore(database: database)
        let pokemonIDs = try partialPokemonIDs(listed: listed, links: try ResourceLinks(database: database))
        // The image host is a server of its own: its own connections, and no credentials
        // unless it is PokeAPI's own origin.
        let client = client(
            pokeAPITransports.make(min(options.resources.concurrency, 4), options.requestTimeoutSeconds), events: events
        )
        let sync = ArtworkSync(client: client, store: store)
        let latest = Latest<ArtworkSyncReport>()
        do {
            try await timedRun(.artwork, client: client, log: log, events: events) {
                try store.deleteUnlinked(kinds: kinds)
                let wanted = try store.wanted(
                    kinds: kinds, pokemonIDs: pokemonIDs,
                    maximumAgeSeconds: options.resources.maximumDetailAgeSeconds)
                return try await sync.run(
                    wanted, concurrency: options.resources.concurrency, retry: options.resources.retry
                ) { report in
                    latest.set(report)
                    events(.artworkProgress(report, requests: client.statistics.requests))
                }
            } finished: { report, transfer in
                (
                    .artworkFinished(report, transfer: transfer),
                    SyncRunEnd(
                        outcome: .succeeded, itemsChanged: report.downloaded,
                        requests: transfer.requests, notice: report.notice)
                )
            } failed: { requests in
                (
                    SyncRunEnd(
                        outcome: .failed, itemsChanged: latest.value?.downloaded,
                        requests: requests),
                    latest.value?.batches ?? 0
                )
            }
        } catch let failure as SyncFailure where failure.concernsOneResource {
            events(.failed(failure))
            firstFailure = firstFailure ?? failure
        }
    }
}
