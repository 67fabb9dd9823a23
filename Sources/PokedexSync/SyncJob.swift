import Foundation
import PokedexStore
import SQLiteDatabase

/// Everything one `pokedex sync` does, and how.
public struct SyncJobOptions: Sendable {
    public enum Scope: Sendable, Equatable {
        /// The Pokémon catalog, then every repository synced before (by id).
        case everything
        /// One repository's issues, by name.
        case repository(GitHubRepositoryName)
    }

    public var scope: Scope
    public var databasePath: String
    public var pokeAPIBaseURL: URL
    public var gitHubBaseURL: URL
    public var gitHubToken: String?
    public var catalog: CatalogSyncOptions
    public var gitHub: GitHubSyncOptions
    /// The images the Pokémon's bodies link to store, after the Pokédex entry.
    public var artwork: ArtworkSelection
    /// Resources that last synced successfully less than this many seconds ago are skipped.
    public var skipIfSucceededWithinSeconds: Int?
    /// How long to wait for another sync of the same database to finish.
    public var lockWait: Duration
    /// How long one request may take before it fails (and is retried as transient).
    public var requestTimeoutSeconds: Int
    /// Removes the credentials the sync holds from the errors it records: a server may quote
    /// them back. By default the token and the base URLs' userinfo.
    public var redactor: SecretRedactor

    public init(
        scope: Scope, databasePath: String, pokeAPIBaseURL: URL, gitHubBaseURL: URL,
        gitHubToken: String? = nil, catalog: CatalogSyncOptions = CatalogSyncOptions(),
        gitHub: GitHubSyncOptions = GitHubSyncOptions(), artwork: ArtworkSelection = .sprites,
        skipIfSucceededWithinSeconds: Int? = nil,
        lockWait: Duration = .zero, requestTimeoutSeconds: Int = HTTPClient.defaultTimeoutSeconds,
        redactor: SecretRedactor? = nil
    ) {
        self.scope = scope
        self.databasePath = databasePath
        self.pokeAPIBaseURL = pokeAPIBaseURL
        self.gitHubBaseURL = gitHubBaseURL
        self.gitHubToken = gitHubToken
        self.catalog = catalog
        self.gitHub = gitHub
        self.artwork = artwork
        self.skipIfSucceededWithinSeconds = skipIfSucceededWithinSeconds
        self.lockWait = lockWait
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.redactor =
            redactor
            ?? SecretRedactor(
                tokens: gitHubToken.map { [$0] } ?? [],
                urls: [pokeAPIBaseURL.absoluteString, gitHubBaseURL.absoluteString])
    }
}

/// What a sync job reports while it runs, for the CLI to show.
public enum SyncEvent: Sendable {
    /// Synced successfully at `lastSuccess`, within `--if-older-than`.
    case skipped(SyncResource, lastSuccess: String)
    case started(SyncResource)
    case catalogProgress(CatalogSyncProgress, requests: Int)
    case issuesProgress(GitHubSyncReport, requests: Int)
    case catalogFinished(CatalogSyncReport, transfer: TransferSummary)
    /// A Pokédex-entry resource (types, abilities, species, evolution chains) committed a page.
    case resourceProgress(SyncResource, CatalogSyncProgress, requests: Int)
    case resourceFinished(SyncResource, CatalogSyncReport, transfer: TransferSummary)
    case issuesFinished(GitHubSyncReport, transfer: TransferSummary)
    /// The artwork phase committed a batch of images.
    case artworkProgress(ArtworkSyncReport, requests: Int)
    case artworkFinished(ArtworkSyncReport, transfer: TransferSummary)
    /// A resource failed and the job goes on with the next one.
    case failed(SyncFailure)
}

/// The requests and bytes a resource's sync took, and how long.
public struct TransferSummary: Sendable {
    public let requests: Int
    public let bytes: Int
    public let duration: Duration
}

/// Why a resource's sync stopped, with what the user needs to judge the damage: nothing
/// committed before the failure is lost.
public struct SyncFailure: Error, CustomStringConvertible {
    public let resource: SyncResource
    public let underlying: any Error
    /// Pages this run committed before it stopped.
    public let pagesCommitted: Int
    /// When the resource last synced successfully before this run (UTC, ISO 8601).
    public let lastSuccess: String?

    /// Stopped by a signal rather than by a failure.
    public var wasInterrupted: Bool { underlying is CancellationError }

    public var description: String { "\(resource): \(underlying)" }

    /// Whether the job may go on with other resources: not after a signal or a database failure.
    var concernsOneResource: Bool { !wasInterrupted && !(underlying is DatabaseError) }

    /// The server could not be reached (or only past the deadline), or sent a body over its
    /// cap: its other resources are not asked. They would fail the same way, each after its
    /// retries.
    var stopsServer: Bool {
        switch underlying as? FetchError {
        case .unreachable, .tooLarge: return true
        default: return false
        }
    }
}

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
        let database = try LocalStore.openForWriting(path: path)
        defer { database.close() }
        let log = SyncRunLog(database: database)
        try log.abandonUnfinished()

        var firstFailure: SyncFailure?
        switch options.scope {
        case .repository(let name):
            let id = try IssueArchive(database: database).syncState(fullName: name.description)?.repositoryID
            try await syncRepositories(
                [(.name(name), .issues(repositoryName: name.description, repositoryID: id))],
                log: log, database: database, events: events, firstFailure: &firstFailure)
        case .everything:
            let listed = Collected<PokemonListEntry>()
            var pokeAPIReachable = true
            do {
                try await syncCatalog(PokemonCatalog(database: database), log: log, events: events, listed: listed)
            } catch let failure as SyncFailure where failure.concernsOneResource {
                // The repositories live on another server: a PokeAPI outage need not stop them.
                events(.failed(failure))
                firstFailure = failure
                pokeAPIReachable = !failure.stopsServer
            }
            if pokeAPIReachable {
                try await syncPokedexEntry(
                    database: database, listed: listed, log: log, events: events, firstFailure: &firstFailure)
                try await syncArtwork(
                    database: database, listed: listed, log: log, events: events, firstFailure: &firstFailure)
            }
            let targets = try IssueArchive(database: database).repositories().map { repository in
                (
                    GitHubSync.Target.stored(id: repository.id, lastKnownName: repository.fullName),
                    SyncResource.issues(repositoryName: repository.fullName, repositoryID: repository.id)
                )
            }
            try await syncRepositories(
                targets, log: log, database: database, events: events,
                firstFailure: &firstFailure)
        }
        if let firstFailure { throw firstFailure }
    }

    private func syncCatalog(
        _ catalog: PokemonCatalog, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, listed: Collected<PokemonListEntry>
    ) async throws {
        let resource = SyncResource.pokemon
        guard try !skipsFresh(resource, log: log, events: events) else {
            listed.skipped = true
            return
        }
        // More requests in flight than connections keeps each connection busy; more
        // connections than this only churns through sockets (measured on loopback).
        let client = HTTPClient(
            clock: clock,
            transport: transports.make(
                min(options.catalog.concurrency, 4),
                options.requestTimeoutSeconds))
        let sync = CatalogSync(client: client, baseURL: options.pokeAPIBaseURL, catalog: catalog)
        let committedPages = Latest<Int>()
        try await record(resource, log: log, events: events) {
            let stopwatch = ContinuousClock()
            let started = stopwatch.now
            let report = try await sync.run(options.catalog) { progress in
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
        _ targets: [(GitHubSync.Target, SyncResource)], log: SyncRunLog, database: Database,
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws {
        guard !targets.isEmpty else { return }
        // GitHub asks for serial requests per token: one connection, one request at a time.
        let client = HTTPClient(clock: clock, transport: transports.make(1, options.requestTimeoutSeconds))
        let sync = GitHubSync(
            client: client, baseURL: options.gitHubBaseURL, token: options.gitHubToken,
            archive: IssueArchive(database: database), options: options.gitHub)
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
                        report?.pages ?? 0
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
            outcome: outcome, itemsChanged: report?.itemsChanged, requests: requests,
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
        let scope = scope(of: resource)
        guard let window = options.skipIfSucceededWithinSeconds,
            try log.succeeded(resource, covering: scope, withinSeconds: window),
            let last = try log.latest(resource, outcomes: [.succeeded], covering: scope)?.finishedAt
        else { return false }
        events(.skipped(resource, lastSuccess: last))
        return true
    }

    /// How much of `resource` this job takes: `--offset/--limit` narrow the catalog and the
    /// entry's resources to what the listed Pokémon need; a repository is always whole.
    private func scope(of resource: SyncResource) -> SyncScope {
        if case .issues = resource { return .whole }
        let catalog = options.catalog
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
final class Latest<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Value?
    var value: Value? { lock.withLock { current } }
    func set(_ value: Value) { lock.withLock { current = value } }
}

/// Values progress callbacks collect (the entries a run committed), read after it stops.
final class Collected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [Value] = []
    private var wasSkipped = false
    var values: [Value] { lock.withLock { collected } }
    func append(_ values: [Value]) { lock.withLock { collected.append(contentsOf: values) } }
    /// The run collecting them was skipped (`--if-older-than`).
    var skipped: Bool {
        get { lock.withLock { wasSkipped } }
        set { lock.withLock { wasSkipped = newValue } }
    }
}
