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

/// How a sync job runs each resource: skipped when fresh, recorded in `sync_run`, timed.
extension SyncJob {
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

    /// How much of `resource` this job takes: `--offset/--limit` narrow the Pokémon and the
    /// linked kinds to what the listed Pokémon need; a repository is always whole.
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
        _ resource: SyncResource, transfer: TransferStatistics? = nil, log: SyncRunLog,
        events: @Sendable (SyncEvent) -> Void,
        _ body: () async throws -> SyncRunEnd,
        failed: () -> (SyncRunEnd, pagesCommitted: Int)
    ) async throws {
        let last = try log.latest(resource, outcomes: [.succeeded])
        // A partial sync's success says so: the failure line's "last synced" would read as whole.
        let lastSuccess = last?.finishedAt.map { last?.partialScope == nil ? $0 : $0 + ", in part" }
        let runID = try log.begin(
            resource, scope: scope(of: resource), pid: Int(ProcessInfo.processInfo.processIdentifier))
        events(.started(resource, transfer: transfer))
        do {
            try log.finish(runID, try await body())
        } catch {
            var (end, pagesCommitted) = failed()
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

    /// A client of the job's: its retries are shown as they happen.
    func client(_ transport: @escaping HTTPTransport, events: @escaping @Sendable (SyncEvent) -> Void) -> HTTPClient {
        HTTPClient(clock: clock, transport: transport) { events(.retrying($0)) }
    }

    /// Runs `body` as one recorded run of `resource`, timed, with what it transferred through
    /// `client` from now on (a client may serve several runs): `finished` turns its report
    /// into the event to send and the end to record; `failed` gets the requests made.
    func timedRun<Report>(
        _ resource: SyncResource, client: HTTPClient, log: SyncRunLog, events: @Sendable (SyncEvent) -> Void,
        _ body: () async throws -> Report,
        finished: (Report, TransferSummary) -> (SyncEvent, SyncRunEnd),
        failed: (_ requests: Int) -> (SyncRunEnd, pagesCommitted: Int)
    ) async throws {
        let (requestsBefore, bytesBefore) = (client.statistics.requests, client.statistics.bytes)
        try await record(resource, transfer: client.statistics, log: log, events: events) {
            let stopwatch = ContinuousClock()
            let started = stopwatch.now
            let report = try await body()
            let (event, end) = finished(
                report,
                TransferSummary(
                    requests: client.statistics.requests - requestsBefore,
                    bytes: client.statistics.bytes - bytesBefore, duration: stopwatch.now - started))
            events(event)
            return end
        } failed: {
            failed(client.statistics.requests - requestsBefore)
        }
    }
}
