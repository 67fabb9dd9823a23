import HTTPTypes
import IssueStore
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import SyncSettings
import Synchronization
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs a sync: takes the writer lock, records each resource's run in `sync_run`, skips
/// what is fresh enough, and goes on past failures that concern one resource only.
/// Cancelling the task stops it after the page being committed; runs are then recorded as
/// interrupted.
public struct SyncJob: Sendable {
    public let options: SyncJobOptions
    /// Where requests go: the entry point passes the production transport, tests their own.
    public let transports: HTTPTransportFactory
    public let clock: SyncClock

    public init(options: SyncJobOptions, transports: HTTPTransportFactory, clock: SyncClock = .system) {
        self.options = options
        self.transports = transports
        self.clock = clock
    }

    /// Transports for PokeAPI's server and for images, carrying the PokeAPI token, if any, to
    /// PokeAPI's origin alone (a `pokedex serve` behind a token serves the images too).
    var pokeAPITransports: HTTPTransportFactory {
        transports.authorizing(bearer: options.pokeAPIToken, on: options.pokeAPIBaseURL)
    }

    public func run(events: @escaping @Sendable (SyncEvent) -> Void) async throws {
        let path = options.databasePath
        try LocalStore.refuseOtherThanSQLite(path: path)
        try DatabaseLocation.createParentDirectory(of: path)
        let lockExisted = FileSystem.exists(WriterLock.lockPath(forDatabase: path))
        let lock = try await WriterLock.acquire(forDatabase: path, wait: options.lockWait)
        defer { withExtendedLifetime(lock) {} }
        // The job's one connection: every write of every resource goes through it, and it is
        // closed (checkpointing the WAL) before the lock is released.
        let created = !FileSystem.exists(path)
        let database: Database
        do {
            database = try LocalStore.openForWriting(path: path) { database in
                try PokedexUpkeep.run(database)
                try LearnsetRescan.run(database)
                try IssueArchive(database: database).orderLinksFromStoredItems()
            }
        } catch  where !lockExisted {
            // A file refused (another program's, damaged, newer) is left as it was found, with
            // no lock file beside it either; a writer waiting on the lock opens the path's anew.
            lock.remove()
            throw error
        }
        defer { LocalStore.closeWriter(database) }
        do {
            try await run(on: database, events: events)
        } catch {
            // Built even so (queries by move would scan every learnset until the next sync),
            // but not when a signal stops the job, which then stops at once.
            if !Task.isCancelled {
                try? Self.indexLearnsets(database)
                try? PlannerStatistics.refreshIfStale(database)
            }
            if created { LocalStore.removeIfEmpty(database) }
            throw error
        }
        try Self.indexLearnsets(database)
        // Statistics only speed queries up: failing to gather them fails no sync.
        try? PlannerStatistics.refreshIfStale(database)
    }

    /// Builds the learnsets' index by move when it is due (a first sync stores them without
    /// it), with the memory the sync's bodies took handed back first: the sort's few megabytes
    /// then stay below the sync's peak instead of adding to it.
    private static func indexLearnsets(_ database: Database) throws {
        let catalog = PokemonCatalog(database: database)
        guard try catalog.learnsetIndexIsDue else { return }
        FreedMemory.returnToSystem()
        try catalog.indexLearnsetsByMove()
    }

    /// The job's runs, by scope, over the job's one connection.
    private func run(on database: Database, events: @escaping @Sendable (SyncEvent) -> Void) async throws {
        let log = SyncRunLog(database: database)
        try log.abandonUnfinished()

        var firstFailure: SyncFailure?
        let archive = IssueArchive(database: database)
        switch options.scope {
        case .repository(let name):
            let id = try archive.syncState(fullName: name.description)?.repositoryID
            try await syncRepositories(
                [(.name(name), .issues(repositoryName: name.description, repositoryID: id))],
                log: log, github: try gitHubSession(archive, log: log, events: events), events: events,
                firstFailure: &firstFailure)
        case .owner(let login, let includeForks, let includeArchived):
            let github = try gitHubSession(archive, log: log, events: events)
            let listing = try await github.sync.listRepositories(of: login, kind: nil)
            let owner = GitHubOwner(
                login: login, kind: listing.kind, includeForks: includeForks, includeArchived: includeArchived)
            try archive.saveOwner(owner)
            try await syncRepositories(
                try leastRecentlySyncedFirst(
                    try Self.targets(listing.repositories, of: owner, archive: archive, events: events), archive),
                log: log, github: github, events: events, firstFailure: &firstFailure)
        case .everything:
            let listed = Collected<ResourceListEntry>()
            if try await syncPokeAPI(
                database: database, listed: listed, log: log, events: events, firstFailure: &firstFailure),
                options.resources.kinds == nil, !tookNoPokemon(listed)
            {
                try await syncArtwork(
                    database: database, listed: listed, log: log, events: events, firstFailure: &firstFailure)
            }
            // `--resources` names PokeAPI kinds: nothing else is synced.
            if options.resources.kinds != nil { break }
            try await refreshRepositories(archive, log: log, events: events, firstFailure: &firstFailure)
        }
        if let firstFailure { throw firstFailure }
    }

    /// Every stored repository's issues, and those of each remembered owner's repositories
    /// created since.
    private func refreshRepositories(
        _ archive: IssueArchive, log: SyncRunLog, events: @escaping @Sendable (SyncEvent) -> Void,
        firstFailure: inout SyncFailure?
    ) async throws {
        let github = try gitHubSession(archive, log: log, events: events)
        var targets = try archive.repositories().map { repository in
            (
                GitHubSync.Target.stored(id: repository.id, lastKnownName: repository.fullName),
                SyncResource.issues(repositoryName: repository.fullName, repositoryID: repository.id)
            )
        }
        // Each remembered owner is listed again: repositories created since are synced too.
        var ownerFailure: (any Error)?
        for owner in try archive.owners() {
            do {
                let listing = try await github.sync.listRepositories(of: owner.login, kind: owner.kind)
                let known = Set(targets.compactMap { $0.0.repositoryID })
                targets += try Self.targets(listing.repositories, of: owner, archive: archive, events: events)
                    .filter {
                        !known.contains($0.0.repositoryID ?? 0)
                    }
            } catch GitHubSyncError.ownerNotFound(let login) {
                events(.ownerFailed(login: login, error: GitHubSyncError.ownerNotFound(login: login)))
                ownerFailure = ownerFailure ?? GitHubSyncError.ownerNotFound(login: login)
            } catch  where firstFailure != nil && !(error is CancellationError) && !(error is DatabaseError) {
                // As with a repository's failure after an earlier one (syncRepositories).
                events(.ownerFailed(login: owner.login, error: error))
                return
            }
        }
        try await syncRepositories(
            try leastRecentlySyncedFirst(targets, archive), log: log, github: github, events: events,
            firstFailure: &firstFailure)
        if firstFailure == nil, let ownerFailure { throw ownerFailure }
    }
}
