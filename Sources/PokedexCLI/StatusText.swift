import LocalDatabase
import PokedexStore
import TextUtilities

/// `status` for people: each resource's counts, its last success and failure with how long
/// ago, a run in progress or abandoned, all fitting `width` columns.
enum StatusText {
    /// Redacted with `redactor` before lines are cut: a credential split in two would pass.
    static func render(
        _ status: StoreStatus, syncHolder: String?, now: Int, width: Int, redactor: SecretRedactor = .none
    ) -> DisplayText {
        // Sanitized first: lines are measured and cut as the terminal will draw them.
        var lines = [
            "Database:      \(status.path)",
            "Size:          \(Quantities.bytes(status.sizeBytes)) (schema version \(status.schemaVersion))",
            "Sync running:  \(syncHolder.map { "yes, \($0)" } ?? "no")",
        ]
        // The root index's kinds are many: one block for all of them (`status --json` has each).
        let indexed = status.resources.filter(\.isIndexedKind)
        for resource in status.resources where !resource.isIndexedKind {
            let counts = Self.describedCounts(resource.counts)
            lines.append("")
            lines.append("\(resource.resource.title)\(counts.isEmpty ? "" : ": " + counts.joined(separator: ", "))")
            if let unfinished = resource.unfinished {
                lines.append(
                    syncHolder == nil
                        ? "  abandoned:     started \(RelativeTime.described(unfinished.startedAt, now: now)); "
                            + "its sync ended without recording how (killed, the machine stopped, or the "
                            + "disk full); "
                            + "the next sync marks it abandoned and goes on from what it committed"
                        : "  running now:   started \(RelativeTime.described(unfinished.startedAt, now: now))")
            }
            let success = resource.lastSuccess.map { describe($0, after: resource.earlierRunsOfLastSuccess, now: now) }
            lines.append("  last success:  " + (success ?? "never"))
            lines.append("  last failure:  " + (resource.lastFailure.map { describe($0, now: now) } ?? "none"))
        }
        if !indexed.isEmpty { lines += [""] + Self.indexedKinds(indexed, now: now) }
        if let (limit, seenAt) = status.rateLimit {
            lines.append("")
            lines.append(
                "GitHub rate limit: \(Quantities.left(limit.remaining, of: limit.limit))"
                    + "\(limit.resetAt.map { ", resets \($0)" } ?? "") (seen \(RelativeTime.described(seenAt, now: now)))"
            )
        }
        // A run's line ("  last success:  …") continues under its text, past its label; any
        // other line two columns in.
        let wrapped = lines.map { TerminalText.sanitize(redactor.redact($0)) }.flatMap { line -> [String] in
            let label = line.hasPrefix("  ") ? String(line.prefix(17)) : ""
            let indent = label.isEmpty ? "  " : String(repeating: " ", count: 17)
            let text = shorteningLinks(
                String(line.dropFirst(label.count)), to: max(width - max(label.count, indent.count), 20))
            let first = LineWrapping.lines(text, width: max(width - label.count, 20))
            guard first.count > 1 else { return [label + text] }
            let rest = LineWrapping.lines(
                first.dropFirst().joined(separator: " "), width: max(width - indent.count, 20))
            return [label + first[0]] + rest.map { indent + $0 }
        }
        return DisplayText(sanitizing: wrapped.joined(separator: "\n"), keepingLineBreaks: true)
    }

    /// `text` with each link wider than `columns` cut with `…`, which the wrapping would keep
    /// whole past the width: status is read, not copied from (`status --json` has the text).
    static func shorteningLinks(_ text: String, to columns: Int) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.contains("://") && TerminalColumns.of(word) > columns
                ? TerminalColumns.truncated(String(word), to: columns) : String(word)
        }.joined(separator: " ")
    }

    /// The root index's kinds together: how many entries and bodies, the oldest last success
    /// (and the kinds never synced), each failing kind's failure.
    private static func indexedKinds(_ kinds: [StoreStatus.ResourceStatus], now: Int) -> [String] {
        func total(_ index: Int) -> Int { kinds.reduce(0) { $0 + ($1.counts.count > index ? $1.counts[index].1 : 0) } }
        var lines = [
            "other PokeAPI kinds: \(kinds.count) kinds, \(Quantities.thousands(total(0))) entries, "
                + "\(Quantities.thousands(total(1))) with details"
        ]
        let synced = kinds.filter { $0.lastSuccess != nil }
        let never = kinds.filter { $0.lastSuccess == nil }.map(\.resource.title)
        var success = "never"
        if let oldest = synced.compactMap({ $0.lastSuccess?.finishedAt }).min() {
            success =
                "\(synced.count == kinds.count ? "all" : "\(synced.count) of \(kinds.count)"), the oldest "
                + RelativeTime.described(oldest, now: now)
            if !never.isEmpty { success += "; never: " + never.joined(separator: ", ") }
        }
        if let unfinished = kinds.first(where: { $0.unfinished != nil }), let run = unfinished.unfinished {
            lines.append(
                "  unfinished:    \(unfinished.resource.title), started \(RelativeTime.described(run.startedAt, now: now))"
            )
        }
        lines.append("  last success:  " + success)
        let failures = failuresShown(kinds)
        let described = failures.prefix(maximumKindFailures).map { "\($0.resource.title), " + describe($0, now: now) }
        // Each under the label, so that every kind's failure reads apart from the one before.
        let label = String(repeating: " ", count: 17)
        lines.append("  last failure:  " + (described.first ?? "none"))
        lines += described.dropFirst().map { label + $0 }
        if failures.count > maximumKindFailures {
            let rest = failures.dropFirst(maximumKindFailures).map(\.resource.title)
            lines.append(label + "and \(rest.count) more failing: " + rest.joined(separator: ", "))
        }
        return lines
    }

    /// How many of the kinds' failures are described in full; the others are named.
    static let maximumKindFailures = 5

    /// The kinds' failures worth showing, newest first: every kind's whose latest run failed
    /// (one failing kind must not hide another), else, when all have succeeded since, the
    /// newest failure as the history it is.
    private static func failuresShown(_ kinds: [StoreStatus.ResourceStatus]) -> [SyncRun] {
        let failures = kinds.compactMap(\.lastFailure).sorted { $0.id > $1.id }
        let failing = kinds.compactMap { kind -> SyncRun? in
            guard let failure = kind.lastFailure, failure.id > (kind.lastSuccess?.id ?? 0) else { return nil }
            return failure
        }.sorted { $0.id > $1.id }
        return failing.isEmpty ? Array(failures.prefix(1)) : failing
    }

    /// The counts in words: "1,351 Pokémon"; an image kind's with its size, "1,148 sprite images
    /// (729.1 kB)", and left out when none of it is stored, as images found missing are when
    /// there are none; "none stored" when that leaves nothing (a sync with `--artwork none`).
    static func describedCounts(_ counts: [(String, Int)]) -> [String] {
        // Column names in words, "pokemon" as people write it.
        func words(_ name: Substring) -> String {
            name.split(separator: "_").map { $0 == "pokemon" ? "Pokémon" : String($0) }.joined(separator: " ")
        }
        var parts: [(name: String, value: Int, text: String)] = []
        for (name, value) in counts {
            let kind = name.dropLast("_bytes".count)
            if name.hasSuffix("_bytes"), let images = parts.last, images.name == kind + "_images" {
                parts.removeLast()
                if images.value > 0 || value > 0 {
                    let counted = Quantities.counted(images.value, words(kind) + " image")
                    parts.append((name, value, counted + " (\(Quantities.bytes(value)))"))
                }
            } else if name != "missing" || value > 0 {
                parts.append((name, value, Quantities.thousands(value) + " " + words(name[...])))
            }
        }
        return parts.isEmpty && !counts.isEmpty ? ["none stored"] : parts.map(\.text)
    }

    /// The run, its counts summed with the `earlier` runs of the same sync (a partial sync's
    /// two species runs are one success): "…, 26 changed, 26 requests in 2 runs".
    private static func describe(_ run: SyncRun, after earlier: [SyncRun] = [], now: Int) -> String {
        var text = RelativeTime.described(run.finishedAt ?? run.startedAt, now: now)
        if run.outcome != .succeeded { text += " (\(run.outcome.rawValue))" }
        let runs = earlier + [run]
        func sum(_ value: (SyncRun) -> Int?) -> Int? {
            let values = runs.compactMap(value)
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        var details: [String] = []
        if let changed = sum(\.itemsChanged) { details.append(Quantities.thousands(changed) + " changed") }
        if let requests = sum(\.requests) { details.append(Quantities.counted(requests, "request")) }
        if runs.count > 1, !details.isEmpty { details[details.count - 1] += " in \(runs.count) runs" }
        if let scope = run.partialScope { details.append("only \(scope)") }
        if !details.isEmpty { text += "; " + details.joined(separator: ", ") }
        if let error = run.error { text += ": " + RelativeTime.refreshingCountdowns(in: error, now: now) }
        if let notice = run.notice { text += "; " + notice }
        return text
    }
}
