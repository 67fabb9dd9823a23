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

    public func run(events: @escaping @Sendable (SyncEvent) -> Void) async throws {
        let path = options.databasePath
        try DatabaseLocation.createParentDirectory(of: path)
        let lock = try await WriterLock.acquire(forDatabase: path, wait: options.lockWait)
        defer { withExtendedLifetime(lock) {} }
        // The job's one connection: every write of every resource goes through it, and it is
        // closed (checkpointing the WAL) before the lock is released.
        let database = try LocalStore.openForWriting(path: path, upkeep: PokedexUpkeep.run)
        defer { database.close() }
        let log = SyncRunLog(database: database)
        try log.abandonUnfinished()

        var firstFailure: SyncFailure?
        let archive = IssueArchive(database: database)
        switch options.scope {
        case .repository(let name):
            let id = try archive.syncState(fullName: name.description)?.repositoryID
            try await syncRepositories(
                [(.name(name), .issues(repositoryName: name.description, repositoryID: id))],
                log: log, github: gitHubSession(archive), events: events, firstFailure: &firstFailure)
        case .owner(let login, let includeForks, let includeArchived):
            let github = gitHubSession(archive)
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
                database: database, listed: listed, log: log, events: events, firstFailure: &firstFailure)
            {
                try await syncArtwork(
                    database: database, listed: listed, log: log, events: events, firstFailure: &firstFailure)
            }
            let github = gitHubSession(archive)
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
                }
            }
            try await syncRepositories(
                try leastRecentlySyncedFirst(targets, archive), log: log, github: github, events: events,
                firstFailure: &firstFailure)
            if firstFailure == nil, let ownerFailure { throw ownerFailure }
        }
        if let firstFailure { throw firstFailure }
    }

    /// The GitHub client and sync every repository of the job shares: GitHub asks for serial
    /// requests per token, so one connection, one request at a time, and one rate-limit budget.
    private func gitHubSession(_ archive: IssueArchive) -> (client: HTTPClient, sync: GitHubSync) {
        let client = HTTPClient(clock: clock, transport: transports.make(1, options.requestTimeoutSeconds))
        let sync = GitHubSync(
            client: client, baseURL: options.gitHubBaseURL, token: options.gitHubToken, archive: archive,
            options: options.gitHub)
        return (client, sync)
    }

    /// The listed repositories an owner's sync takes, by id; the others are reported. A run
    /// names a repository's id once it is stored (`sync_run` refers to the stored row).
    private static func targets(
        _ listed: [ListedRepository], of owner: GitHubOwner, archive: IssueArchive,
        events: @Sendable (SyncEvent) -> Void
    ) throws -> [(GitHubSync.Target, SyncResource)] {
        let stored = Set(try archive.repositories().map(\.id))
        return listed.compactMap { repository in
            if let reason = repository.exclusion(for: owner) {
                events(.repositoryExcluded(fullName: repository.fullName, reason: reason))
                return nil
            }
            return (
                .stored(id: repository.id, lastKnownName: repository.fullName),
                .issues(
                    repositoryName: repository.fullName,
                    repositoryID: stored.contains(repository.id) ? repository.id : nil)
            )
        }
    }

    /// Never synced first, then by the end of the last successful sync: a run stopped by the
    /// rate limit resumes with the repositories it did not reach, and none is starved.
    private func leastRecentlySyncedFirst(
        _ targets: [(GitHubSync.Target, SyncResource)], _ archive: IssueArchive
    ) throws -> [(GitHubSync.Target, SyncResource)] {
        let lastSynced = try archive.lastSuccessfulSyncs()
        let order = targets.enumerated().map { position, target in
            (target, target.0.repositoryID.flatMap { lastSynced[$0] } ?? nil, position)
        }
        return order.sorted { left, right in
            switch (left.1, right.1) {
            case (nil, nil): return left.2 < right.2
            case (nil, _): return true
            case (_, nil): return false
            case (let a?, let b?): return a != b ? a < b : left.2 < right.2
            }
        }.map(\.0)
    }

    /// The catalog, then the Pokédex entry's resources, over one PokeAPI transport that they
    /// share, one run after another (a transport each would open new connections, a TLS
    /// handshake each on the real API, for every resource) and that is closed before the
    /// image host and GitHub are synced. Returns whether PokeAPI was reachable.
    private func syncPokeAPI(
        database: Database, listed: Collected<ResourceListEntry>, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws -> Bool {
        // More requests in flight than connections keeps each connection busy; more
        // connections than this only churns through sockets (measured on loopback).
        let concurrency = options.resources.concurrency
        let prefetch = ResponsePrefetch(
            network: transports.make(min(concurrency, 4), options.requestTimeoutSeconds),
            maximumInFlight: min(2, concurrency - 1))
        let transport = prefetch.transport
        // A signal stops the prefetches at once: nothing more is sent.
        let reachable = await withTaskCancellationHandler {
            do {
                prefetchEntryLists(prefetch, log: log)
                do {
                    try await syncCatalog(
                        PokemonCatalog(database: database), transport: transport, log: log, events: events,
                        listed: listed)
                } catch let failure as SyncFailure where failure.concernsOneResource {
                    // The repositories live on another server: a PokeAPI outage need not stop them.
                    events(.failed(failure))
                    firstFailure = failure
                    guard !failure.stopsServer else { return Result<Bool, any Error>.success(false) }
                }
                try await syncLinkedResources(
                    database: database, transport: transport, prefetch: prefetch, listed: listed, log: log,
                    events: events, firstFailure: &firstFailure)
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

    private func syncCatalog(
        _ catalog: PokemonCatalog, transport: @escaping HTTPTransport, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, listed: Collected<ResourceListEntry>
    ) async throws {
        let resource = SyncResource.pokemon
        guard try !skipsFresh(resource, log: log, events: events) else {
            listed.skipped = true
            return
        }
        let client = HTTPClient(clock: clock, transport: transport)
        let sync = CatalogSync(client: client, baseURL: options.pokeAPIBaseURL, catalog: catalog)
        let committedPages = Latest<Int>()
        try await record(resource, log: log, events: events) {
            let stopwatch = ContinuousClock()
            let started = stopwatch.now
            let report = try await sync.run(options.resources) { progress in
                committedPages.set(progress.report.pages)
                listed.append(progress.committedEntries)
                events(.catalogProgress(progress, requests: client.statistics.requests))
            }
            events(
                .catalogFinished(
                    report,
                    transfer: TransferSummary(
                        requests: client.statistics.requests, bytes: client.statistics.bytes,
                        duration: stopwatch.now - started)))
            return SyncRunEnd(
                outcome: .succeeded, itemsChanged: report.detailsDownloaded,
                requests: client.statistics.requests)
        } failed: { error in
            (SyncRunEnd(outcome: .failed, requests: client.statistics.requests), committedPages.value ?? 0)
        }
    }

    private func syncRepositories(
        _ targets: [(GitHubSync.Target, SyncResource)], log: SyncRunLog,
        github: (client: HTTPClient, sync: GitHubSync),
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws {
        let (client, sync) = github
        for (target, resource) in targets {
            guard try !skipsFresh(resource, log: log, events: events) else { continue }
            let requestsBefore = client.statistics.requests
            let bytesBefore = client.statistics.bytes
            let latest = Latest<GitHubSyncReport>()
            do {
                try await record(resource, log: log, events: events) {
                    let stopwatch = ContinuousClock()
                    let started = stopwatch.now
                    let report = try await sync.run(target) { report in
                        latest.set(report)
                        events(.issuesProgress(report, requests: client.statistics.requests - requestsBefore))
                    }
                    events(
                        .issuesFinished(
                            report,
                            transfer: TransferSummary(
                                requests: client.statistics.requests - requestsBefore,
                                bytes: client.statistics.bytes - bytesBefore, duration: stopwatch.now - started)))
                    return Self.end(.succeeded, report, requests: client.statistics.requests - requestsBefore)
                } failed: { error in
                    let report = latest.value
                    return (
                        Self.end(.failed, report, requests: client.statistics.requests - requestsBefore),
                        report?.pagesCommitted ?? 0
                    )
                }
            } catch let failure as SyncFailure {
                // A refresh goes on past a repository that is gone or closed; a rate limit, a
                // signal, or a failure of the network or the database stops it.
                guard targets.count > 1, (failure.underlying as? GitHubSyncError)?.concernsOneRepository == true else {
                    throw failure
                }
                events(.failed(failure))
                firstFailure = firstFailure ?? failure
            }
        }
    }

    private static func end(_ outcome: SyncOutcome, _ report: GitHubSyncReport?, requests: Int) -> SyncRunEnd {
        SyncRunEnd(
            outcome: outcome,
            itemsChanged: report.map {
                $0.itemsChanged + $0.commentsChanged + $0.commentsDeleted + $0.issuesDeleted
            },
            requests: requests,
            rateLimit: report?.rateLimit.map { limit in
                RateLimitSnapshot(
                    remaining: limit.remaining, limit: limit.limit,
                    resetAt: limit.resetAt.map(GitHubSyncError.iso8601))
            },
            repositoryID: report?.repositoryID)
    }

    /// Whether `--if-older-than` lets `resource` be skipped; says so when it does.
    func skipsFresh(
        _ resource: SyncResource, log: SyncRunLog,
        events: @Sendable (SyncEvent) -> Void
    ) throws -> Bool {
        guard let last = try freshSuccess(resource, log: log) else { return false }
        events(.skipped(resource, lastSuccess: last))
        return true
    }

    /// When `resource` last succeeded, if that was recent enough for `--if-older-than` to
    /// skip it; nil when it is to run.
    func freshSuccess(_ resource: SyncResource, log: SyncRunLog) throws -> String? {
        let scope = scope(of: resource)
        guard let window = options.skipIfSucceededWithinSeconds,
            try log.succeeded(resource, covering: scope, withinSeconds: window)
        else { return nil }
        return try log.latest(resource, outcomes: [.succeeded], covering: scope)?.finishedAt
    }

    /// How much of `resource` this job takes: `--offset/--limit` narrow the catalog and the
    /// entry's resources to what the listed Pokémon need; a repository is always whole.
    private func scope(of resource: SyncResource) -> SyncScope {
        if case .issues = resource { return .whole }
        let catalog = options.resources
        return catalog.offset == 0 && catalog.limit == nil
            ? .whole : .part(offset: catalog.offset, limit: catalog.limit)
    }

    /// Runs `body` as one recorded run of `resource`: `running` first, then its outcome.
    /// A failure is recorded (as interrupted when the task was cancelled) and rethrown as
    /// a `SyncFailure` carrying how much was committed.
    func record(
        _ resource: SyncResource, log: SyncRunLog, events: @Sendable (SyncEvent) -> Void,
        _ body: () async throws -> SyncRunEnd,
        failed: (any Error) -> (SyncRunEnd, pagesCommitted: Int)
    ) async throws {
        let lastSuccess = try log.latest(resource, outcomes: [.succeeded])?.finishedAt
        let runID = try log.begin(
            resource, scope: scope(of: resource), pid: Int(ProcessInfo.processInfo.processIdentifier))
        events(.started(resource))
        do {
            try log.finish(runID, try await body())
        } catch {
            var (end, pagesCommitted) = failed(error)
            let interrupted = error is CancellationError || Task.isCancelled
            end.outcome = interrupted ? .interrupted : .failed
            end.error = interrupted ? "interrupted by a signal" : options.redactor.redact("\(error)")
            // The database itself may be what failed (disk full); the run then stays
            // `running` and the next sync marks it abandoned.
            try? log.finish(runID, end)
            throw SyncFailure(
                resource: resource, underlying: interrupted ? CancellationError() : error,
                pagesCommitted: pagesCommitted, lastSuccess: lastSuccess)
        }
    }
}
/// The latest value a progress callback saw, read after the run stops.
final class Latest<Value: Sendable>: Sendable {
    private let current = Mutex<Value?>(nil)
    var value: Value? { current.withLock { $0 } }
    func set(_ value: Value) { current.withLock { $0 = value } }
}
/// Values progress callbacks collect (the entries a run committed), read after it stops.
final class Collected<Value: Sendable>: Sendable {
    private let state = Mutex((values: [Value](), skipped: false))
    var values: [Value] { state.withLock { $0.values } }
    func append(_ values: [Value]) { state.withLock { $0.values.append(contentsOf: values) } }
    /// The run collecting them was skipped (`--if-older-than`).
    var skipped: Bool {
        get { state.withLock { $0.skipped } }
        set { state.withLock { $0.skipped = newValue } }
    }
}
