import JSONOutput
import LocalDatabase
import PokedexStore

/// `status --json`. Keys and their order are part of the interface (docs/json.md).
enum StatusJSON {
    static func render(_ status: StoreStatus, syncHolder: String?) -> JSONValue {
        .object([
            ("database", .string(status.path)),
            ("size_bytes", .int(status.sizeBytes)),
            ("schema_version", .int(status.schemaVersion)),
            ("sync_running", syncHolder.map { .object([("holder", .string($0))]) } ?? .null),
            ("resources", .array(status.resources.map { resource($0, syncRunning: syncHolder != nil) })),
            (
                "rate_limit",
                status.rateLimit.map { limit, seenAt in
                    .object([
                        ("remaining", .int(limit.remaining)), ("limit", .optional(limit.limit)),
                        ("reset_at", .optional(limit.resetAt)), ("seen_at", .string(seenAt)),
                    ])
                } ?? .null
            ),
        ])
    }

    private static func resource(_ resource: StoreStatus.ResourceStatus, syncRunning: Bool) -> JSONValue {
        let (kind, repository): (String, String?) =
            switch resource.resource {
            case .issues(let name, _): ("issues", name)
            default: (resource.resource.kind, nil)
            }
        return .object([
            ("resource", .string(kind)),
            ("repository", .optional(repository)),
            ("counts", .object(resource.counts.map { ($0.0, JSONValue.int($0.1)) })),
            ("last_success", resource.lastSuccess.map(run) ?? .null),
            ("last_success_earlier_runs", .array(resource.earlierRunsOfLastSuccess.map(run))),
            ("last_failure", resource.lastFailure.map(run) ?? .null),
            (
                "unfinished",
                resource.unfinished.map { unfinished in
                    .object([
                        ("state", .string(syncRunning ? "running" : "abandoned")),
                        ("started_at", .string(unfinished.startedAt)),
                        ("partial_scope", .optional(unfinished.partialScope)),
                    ])
                } ?? .null
            ),
        ])
    }

    private static func run(_ run: SyncRun) -> JSONValue {
        .object([
            ("outcome", .string(run.outcome.rawValue)),
            ("started_at", .string(run.startedAt)),
            ("finished_at", .optional(run.finishedAt)),
            ("error", .optional(run.error)),
            ("items_changed", .optional(run.itemsChanged)),
            ("requests", .optional(run.requests)),
            ("partial_scope", .optional(run.partialScope)),
            ("notice", .optional(run.notice)),
        ])
    }
}
