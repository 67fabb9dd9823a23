import JSONOutput
import SQLiteDatabase

/// The record of sync runs (`sync_run`): written by sync under the writer lock, read by
/// `status` and by `sync --if-older-than`.
public struct SyncRunLog {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Marks runs still `running` as abandoned. Call only while holding the writer lock:
    /// then no other process can be running them.
    public func abandonUnfinished() throws {
        try database.run(
            """
            UPDATE sync_run SET outcome = 'abandoned', finished_at = \(SQLTimestamp.now),
                error = 'the process ended before the run finished (killed, the machine stopped, or the disk full)'
            WHERE outcome = 'running'
            """)
    }

    /// Records a run of `scope` of `resource` as started and returns its id.
    public func begin(_ resource: SyncResource, scope: SyncScope = .whole, pid: Int) throws -> Int {
        let (kind, name, id) = Self.columns(resource)
        try database.run(
            """
            INSERT INTO sync_run (resource, repository_name, repository_id, pid, started_at, partial_scope)
            VALUES (?, ?, ?, ?, \(SQLTimestamp.now), ?)
            """,
            [.text(kind), .string(name), .int(id), .int(pid), .string(scope.partial)])
        return try database.queryFirst("SELECT last_insert_rowid()") { $0.int(0) } ?? 0
    }

    public func finish(_ runID: Int, _ end: SyncRunEnd) throws {
        try database.run(
            """
            UPDATE sync_run SET finished_at = \(SQLTimestamp.now), outcome = ?, error = ?,
                items_changed = ?, requests = ?, rate_limit_remaining = ?, rate_limit_limit = ?,
                rate_limit_reset_at = ?, rate_limit_credential = ?, repository_id = coalesce(?, repository_id),
                notice = ?
            WHERE id = ?
            """,
            [
                .text(end.outcome.rawValue), .string(end.error), .int(end.itemsChanged), .int(end.requests),
                .int(end.rateLimit?.remaining), .int(end.rateLimit?.limit), .string(end.rateLimit?.resetAt),
                .string(end.rateLimit?.credential), .int(end.repositoryID), .string(end.notice), .int(runID),
            ])
    }

    /// The latest run of `resource` that ended with one of `outcomes`. `covering` keeps only the
    /// runs that took at least that part of it: the whole resource, or the same part.
    public func latest(
        _ resource: SyncResource, outcomes: [SyncOutcome], covering scope: SyncScope? = nil
    ) throws -> SyncRun? {
        let (kind, name, id) = Self.columns(resource)
        // Runs of a repository match by GitHub id when it is known (names change), else by name.
        return try database.queryFirst(
            """
            SELECT \(Self.selectedColumns) FROM sync_run
            WHERE resource = ?
              AND (? IS NULL OR repository_id = ? OR (repository_id IS NULL AND repository_name = ? COLLATE NOCASE))
              AND outcome IN (SELECT value FROM json_each(?))
              AND (? OR partial_scope IS NULL OR partial_scope = ?)
            ORDER BY id DESC LIMIT 1
            """,
            [
                .text(kind), .string(name), .int(id), .string(name), .text(Self.jsonArray(outcomes.map(\.rawValue))),
                .bool(scope == nil), .string(scope.flatMap(\.partial)),
            ],
            row: Self.run)
    }

    /// The runs of `run`'s resource that the same sync made before it, oldest first: a partial
    /// sync runs species twice (its Pokémon's, then those their chains name). Same process,
    /// same part, each succeeded, and no Pokémon run between (every sync starts with the
    /// Pokémon, so a later process that got the same pid is not counted in).
    public func earlierRuns(ofSameSyncAs run: SyncRun) throws -> [SyncRun] {
        guard case let kind = Self.columns(run.resource).kind, kind != "issues", kind != "pokemon" else { return [] }
        let earlier = try database.query(
            """
            SELECT \(Self.selectedColumns) FROM sync_run
            WHERE id < ?1 AND id > coalesce(
                (SELECT max(id) FROM sync_run WHERE id < ?1 AND (resource = 'pokemon' OR pid <> ?2)), 0)
            ORDER BY id DESC
            """,
            [.int(run.id), .int(run.pid)], row: Self.run)
        var runs: [SyncRun] = []
        for other in earlier where other.resource == run.resource {
            guard other.outcome == .succeeded, other.partialScope == run.partialScope else { break }
            runs.append(other)
        }
        return runs.reversed()
    }

    /// Whether a run covering `scope` of `resource` last succeeded less than `seconds` ago: a
    /// partial run's success counts only for the same part.
    public func succeeded(
        _ resource: SyncResource, covering scope: SyncScope = .whole, withinSeconds seconds: Int
    ) throws -> Bool {
        guard let run = try latest(resource, outcomes: [.succeeded], covering: scope), let finished = run.finishedAt
        else {
            return false
        }
        return try database.queryFirst(
            "SELECT ? >= \(SQLTimestamp.nowShiftedByParameter)",
            [.text(finished), .text("-\(seconds) seconds")]
        ) { $0.bool(0) } ?? false
    }

    /// The rate limit GitHub reported last, with the time the run that saw it ended.
    public func lastRateLimit() throws -> (RateLimitSnapshot, seenAt: String)? {
        try database.queryFirst(
            """
            SELECT rate_limit_remaining, rate_limit_limit, rate_limit_reset_at, finished_at FROM sync_run
            WHERE rate_limit_remaining IS NOT NULL AND finished_at IS NOT NULL
            ORDER BY id DESC LIMIT 1
            """
        ) { row in
            (
                RateLimitSnapshot(remaining: row.int(0), limit: row.optionalInt(1), resetAt: row.optionalText(2)),
                row.text(3)
            )
        }
    }

    /// The budget of `credential` as the last run that spent it reported it, when that left
    /// nothing: the caller honours it until its reset.
    public func spentRateLimit(credential: String) throws -> RateLimitSnapshot? {
        try database.queryFirst(
            """
            SELECT rate_limit_remaining, rate_limit_limit, rate_limit_reset_at FROM sync_run
            WHERE rate_limit_credential = ? AND finished_at IS NOT NULL
            ORDER BY id DESC LIMIT 1
            """,
            [.text(credential)]
        ) { row in
            RateLimitSnapshot(
                remaining: row.int(0), limit: row.optionalInt(1), resetAt: row.optionalText(2), credential: credential)
        }.flatMap { $0.remaining == 0 ? $0 : nil }
    }

    /// The repositories runs were recorded for that never got stored (not found, say).
    public func unstoredRepositoryNames() throws -> [String] {
        try database.query(
            """
            SELECT DISTINCT repository_name FROM sync_run
            WHERE resource = 'issues' AND repository_id IS NULL
              AND repository_name NOT IN (SELECT full_name FROM github_repository)
            ORDER BY repository_name
            """
        ) { $0.text(0) }
    }

    private static let selectedColumns = """
        id, resource, repository_name, repository_id, pid, started_at, finished_at, outcome, error,
        items_changed, requests, rate_limit_remaining, rate_limit_limit, rate_limit_reset_at, notice,
        partial_scope
        """

    private static func run(_ row: Row) -> SyncRun {
        let resource = SyncResource(
            kind: row.text(1), repositoryName: row.optionalText(2), repositoryID: row.optionalInt(3))
        let rateLimit = row.optionalInt(11).map {
            RateLimitSnapshot(remaining: $0, limit: row.optionalInt(12), resetAt: row.optionalText(13))
        }
        return SyncRun(
            id: row.int(0), resource: resource, pid: row.int(4), startedAt: row.text(5),
            finishedAt: row.optionalText(6), outcome: SyncOutcome(rawValue: row.text(7)) ?? .failed,
            error: row.optionalText(8), itemsChanged: row.optionalInt(9), requests: row.optionalInt(10),
            rateLimit: rateLimit, notice: row.optionalText(14), partialScope: row.optionalText(15))
    }

    private static func columns(_ resource: SyncResource) -> (kind: String, name: String?, id: Int?) {
        switch resource {
        case .issues(let name, let id): return ("issues", name, id)
        default: return (resource.kind, nil, nil)
        }
    }

    private static func jsonArray(_ strings: [String]) -> String {
        JSONValue.array(strings.map(JSONValue.string)).rendered()
    }
}
