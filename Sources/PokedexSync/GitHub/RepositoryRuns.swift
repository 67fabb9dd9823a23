import HTTPTypes
import IssueStore
import LocalDatabase
import PokedexStore
import SHA256Digest
import SQLiteDatabase
import SyncSettings
import Synchronization
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The job's GitHub side: every repository a sync takes, one recorded run each, in turn over
/// one client (GitHub asks for serial requests per token) and one rate-limit budget.
extension SyncJob {
    /// The GitHub client and sync every repository of the job shares: GitHub asks for serial
    /// requests per token, so one connection, one request at a time, and one rate-limit budget,
    /// which starts spent when the last run that spent it left nothing.
    func gitHubSession(
        _ archive: IssueArchive, log: SyncRunLog, events: @escaping @Sendable (SyncEvent) -> Void
    ) throws -> (client: HTTPClient, sync: GitHubSync) {
        let client = client(transports.make(1, options.requestTimeoutSeconds), events: events)
        let sync = GitHubSync(
            client: client, baseURL: options.gitHubBaseURL, token: options.gitHubToken, archive: archive,
            options: options.gitHub,
            spentBefore: try log.spentRateLimit(credential: gitHubCredential).map(RateLimitStatus.init))
        return (client, sync)
    }

    /// Whose rate-limit budget the job's GitHub requests spend: the API's URL and the token,
    /// as 16 hex digits of their SHA-256 (kept with each run's budget; the token is not).
    var gitHubCredential: String {
        String(
            SHA256.hexDigest(Array("\(options.gitHubBaseURL.absoluteString)\n\(options.gitHubToken ?? "")".utf8))
                .prefix(16))
    }

    /// The listed repositories an owner's sync takes, by id; the others are reported. A run
    /// names a repository's id once it is stored (`sync_run` refers to the stored row).
    static func targets(
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
    func leastRecentlySyncedFirst(
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

    func syncRepositories(
        _ targets: [(GitHubSync.Target, SyncResource)], log: SyncRunLog,
        github: (client: HTTPClient, sync: GitHubSync),
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws {
        let (client, sync) = github
        let credential = gitHubCredential
        for (target, resource) in targets {
            guard try !skipsFresh(resource, log: log, events: events) else { continue }
            let latest = Latest<GitHubSyncReport>()
            // The budget of the answer that stopped the run is what `status` is to show next,
            // not the last page's.
            let refusal = Latest<RateLimitStatus>()
            let requestsBefore = client.statistics.requests
            do {
                try await timedRun(resource, client: client, log: log, events: events) {
                    do {
                        return try await sync.run(target) { report in
                            latest.set(report)
                            events(.issuesProgress(report, requests: client.statistics.requests - requestsBefore))
                        }
                    } catch let error as GitHubSyncError {
                        if case .rateLimited(_, _, let budget?, _) = error { refusal.set(budget) }
                        throw error
                    }
                } finished: { report, transfer in
                    (
                        .issuesFinished(report, transfer: transfer),
                        Self.end(.succeeded, report, requests: transfer.requests, credential: credential)
                    )
                } failed: { requests in
                    var end = Self.end(.failed, latest.value, requests: requests, credential: credential)
                    if let budget = refusal.value { end.rateLimit = Self.snapshot(budget, credential: credential) }
                    return (end, latest.value?.pagesCommitted ?? 0)
                }
            } catch let failure as SyncFailure {
                // A refresh goes on past a repository that is gone or closed; a rate limit, a
                // signal, or a failure of the network or the database stops it.
                guard targets.count > 1, (failure.underlying as? GitHubSyncError)?.concernsOneRepository == true else {
                    // After an earlier failure, that one sets the exit status: a rate limit's
                    // "try later" would hide it from cron. This one is reported, and the closing
                    // line names both.
                    guard firstFailure != nil, failure.concernsOneResource else { throw failure }
                    events(.failed(failure))
                    return
                }
                events(.failed(failure))
                firstFailure = firstFailure ?? failure
            }
        }
    }

    private static func end(
        _ outcome: SyncOutcome, _ report: GitHubSyncReport?, requests: Int, credential: String
    ) -> SyncRunEnd {
        SyncRunEnd(
            outcome: outcome,
            itemsChanged: report.map {
                $0.itemsChanged + $0.commentsChanged + $0.commentsDeleted + $0.issuesDeleted
            },
            requests: requests,
            rateLimit: report?.rateLimit.map { snapshot($0, credential: credential) },
            repositoryID: report?.repositoryID)
    }

    private static func snapshot(_ status: RateLimitStatus, credential: String) -> RateLimitSnapshot {
        RateLimitSnapshot(
            remaining: status.remaining, limit: status.limit, resetAt: status.resetAt.map(GitHubSyncError.iso8601),
            credential: credential)
    }
}
