import JSONOutput
import LocalDatabase
import PokedexStore
import SQLiteDatabase

extension CommandRunner {
    func status(_ command: StatusCommand) throws {
        let path = try databasePath()
        let status = try StoreStatus.read(from: try LocalStore.openForReading(path: path))
        let holder = WriterLock.holder(forDatabase: path)
        // Runs recorded by an older pokedex may quote a credential: redacted here too.
        console.print(
            command.json
                ? DisplayText(json: console.redactor.redact(StatusJSON.render(status, syncHolder: holder)))
                : StatusText.render(status, syncHolder: holder).redacted(by: console.redactor))
    }
}

/// `status --json`. Keys and their order are part of the interface (docs/json.md).
enum StatusJSON {
    static func render(_ status: StoreStatus, syncHolder: String?) -> JSONValue {
        .object([
            ("database", .string(status.path)),
            ("size_bytes", .int(status.sizeBytes)),
            ("schema_version", .int(status.schemaVersion)),
            ("sync_running", syncHolder.map { .object([("holder", .string($0))]) } ?? .null),
            ("resources", .array(status.resources.map(resource))),
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

    private static func resource(_ resource: StoreStatus.ResourceStatus) -> JSONValue {
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

enum StatusText {
    static func render(_ status: StoreStatus, syncHolder: String?) -> DisplayText {
        var lines: [DisplayText] = [
            "Database:      \(status.path)",
            "Size:          \(Quantities.bytes(status.sizeBytes)) (schema version \(status.schemaVersion))",
            "Sync running:  \(syncHolder.map { "yes, \($0)" } ?? "no")",
        ]
        for resource in status.resources {
            let counts = resource.counts.map(Self.count)
            lines.append("")
            lines.append("\(resource.resource.title)\(counts.isEmpty ? "" : ": " + counts.joined(separator: ", "))")
            lines.append(
                "  last success:  \(resource.lastSuccess.map { describe($0, after: resource.earlierRunsOfLastSuccess) } ?? "never")"
            )
            lines.append("  last failure:  \(resource.lastFailure.map { describe($0) } ?? "none")")
        }
        if let (limit, seenAt) = status.rateLimit {
            lines.append("")
            lines.append(
                "GitHub rate limit: \(limit.remaining)\(limit.limit.map { " of \($0)" } ?? "") left"
                    + "\(limit.resetAt.map { ", resets \($0)" } ?? "") (seen \(seenAt))")
        }
        return lines.joined(separator: "\n")
    }

    /// "1148 sprite images"; a byte count as a size: "729.1 kB of sprite images".
    private static func count(_ count: (String, Int)) -> String {
        let words = String(count.0.map { $0 == "_" ? " " : $0 })
        guard words.hasSuffix(" bytes") else { return "\(count.1) \(words)" }
        return "\(Quantities.bytes(count.1)) of \(words.dropLast(" bytes".count)) images"
    }

    /// The run, its counts summed with the `earlier` runs of the same sync (a partial sync's
    /// two species runs are one success): "26 changed, 26 requests in 2 runs".
    private static func describe(_ run: SyncRun, after earlier: [SyncRun] = []) -> String {
        var text = run.finishedAt ?? run.startedAt
        if run.outcome != .succeeded { text += " (\(run.outcome.rawValue))" }
        let runs = earlier + [run]
        func sum(_ value: (SyncRun) -> Int?) -> Int? {
            let values = runs.compactMap(value)
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        var details: [String] = []
        if let changed = sum(\.itemsChanged) { details.append("\(changed) changed") }
        if let requests = sum(\.requests) { details.append(Quantities.counted(requests, "request")) }
        if runs.count > 1, !details.isEmpty { details[details.count - 1] += " in \(runs.count) runs" }
        if let scope = run.partialScope { details.append("only \(scope)") }
        if !details.isEmpty { text += ", " + details.joined(separator: ", ") }
        if let error = run.error { text += ": " + error }
        if let notice = run.notice { text += "; " + notice }
        return text
    }
}
