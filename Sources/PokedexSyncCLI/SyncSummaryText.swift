import HTTPTypes
import PokedexCLI
import PokedexStore
import PokedexSync

/// The line a sync prints when a resource is done, in words a user knows: what is stored, what
/// changed, and what it took ("synced 1,351 Pokémon: none changed; 2 requests, 131.0 kB
/// in 0.06 s").
enum SyncSummaryText {
    /// A PokeAPI kind's run; `again` for a partial sync's second run of a kind (the species
    /// the evolution chains name); `pastTheEndOf`, the length of a list `--offset` starts past.
    static func resource(
        _ declared: PokeAPIResource?, again: Bool, _ report: ResourceSyncReport, _ transfer: TransferSummary,
        pastTheEndOf listCount: Int? = nil
    ) -> String {
        let (singular, plural) = declared.map { ($0.singular, $0.plural) } ?? ("entry", "entries")
        let more = again ? "more " : ""
        let entries = Quantities.counted(report.entries, more + singular, plural: more + plural)
        let parts =
            listCount.map { ["--offset is past the list's \(Quantities.counted($0, "entry", plural: "entries"))"] }
            ?? nothingFollowed(declared, report).map { [$0] }
            ?? outcome(
                changed: report.detailsDownloaded, unchanged: report.detailsUnchanged, reused: report.detailsReused)
        return "synced \(entries): " + parts.joined(separator: ", ") + "; " + describe(transfer)
    }

    /// Why a kind reached only through stored bodies' links (the chains, the encounters) took
    /// nothing: "the stored species link none", so that a sync of it alone into an empty
    /// database says what it needs first.
    private static func nothingFollowed(_ declared: PokeAPIResource?, _ report: ResourceSyncReport) -> String? {
        guard let declared, declared.reach == .followed, report.entries == 0 else { return nil }
        let linking = declared.links.compactMap { PokeAPIResources.resource($0.from)?.plural }
        return linking.isEmpty ? nil : "the stored \(linking.joined(separator: " and ")) link none"
    }

    /// A repository's run: what it holds now, what changed, what was found deleted.
    static func issues(_ report: GitHubSyncReport, _ transfer: TransferSummary) -> String {
        let renamed = report.renamedFrom.map { " (renamed from \($0))" } ?? ""
        let items = report.stored.map { $0.issues + $0.pullRequests } ?? report.itemsReceived
        let comments = report.stored?.comments ?? report.commentsReceived
        let budget =
            report.rateLimit.map { limit in
                "; rate limit " + Quantities.left(limit.remaining, of: limit.limit)
            } ?? ""
        return "synced \(report.repository)\(renamed): "
            + Quantities.counted(items, "issue or pull request", plural: "issues and pull requests") + ", "
            + changed(report.itemsChanged) + "; " + Quantities.counted(comments, "comment") + ", "
            + changed(report.commentsChanged) + deletions(report) + "; "
            + describe(transfer, allUnchanged: transfer.requests > 0 && report.notModified == transfer.requests)
            + budget
    }

    /// The images' run, and a line of its own when their host could not be reached or failed
    /// image after image.
    static func artwork(_ report: ArtworkSyncReport, _ transfer: TransferSummary) -> [String] {
        var parts = outcome(changed: report.downloaded, unchanged: report.unchanged, reused: report.reused)
        if report.missing > 0 { parts.append(Quantities.thousands(report.missing) + " missing on the image host") }
        if report.refused > 0 { parts.append(Quantities.thousands(report.refused) + " refused") }
        if report.failed > 0 { parts.append(Quantities.thousands(report.failed) + " failed") }
        let problemText = parts.joined(separator: ", ") + (report.firstProblem.map { " (first: \($0))" } ?? "")
        var lines = ["synced \(Quantities.counted(report.linked, "image")): \(problemText); " + describe(transfer)]
        if let host = report.skippedHost {
            lines.append(
                "image host \(host) \(report.skippedBecause ?? "unreachable"): "
                    + "\(Quantities.counted(report.skipped, "image")) skipped; the data sync is complete, "
                    + "and the next sync asks for them again")
        }
        return lines
    }

    /// The whole sync's last line.
    static func finished(changed count: Int, requests: Int, bytes: Int, elapsed: Duration) -> String {
        "sync finished in \(Quantities.seconds(elapsed)): "
            + (count == 0 ? "nothing changed" : Quantities.thousands(count) + " new or changed")
            + "; \(Quantities.counted(requests, "request")), \(Quantities.bytes(bytes))"
    }

    /// The last line of a sync some parts of which failed, each reported above: which, and
    /// why in a few words. One line however many failed, so the first few are named.
    static func finished(failures parts: [String]) -> String {
        let named = parts.prefix(maximumFailuresNamed).joined(separator: ", ")
        let more = parts.count > maximumFailuresNamed ? " and \(parts.count - maximumFailuresNamed) more" : ""
        return "sync finished with \(Quantities.counted(parts.count, "failure")), reported above: "
            + named + more + "; the rest is stored"
    }

    /// How many failures the closing line names: beyond these it only counts them.
    static let maximumFailuresNamed = 5

    /// A failed part for that line: "items (HTTP 500)".
    static func failedPart(_ title: String, _ error: any Error) -> String {
        switch error {
        case let error as FetchError: return "\(title) (\(error.briefReason))"
        case GitHubSyncError.notFound: return "\(title) (not found)"
        case GitHubSyncError.ownerNotFound: return "\(title) (not found)"
        case GitHubSyncError.issuesDisabled: return "\(title) (issues disabled)"
        case GitHubSyncError.rateLimited: return "\(title) (rate limit)"
        default: return title
        }
    }

    /// What became of the entries: new or changed, confirmed unchanged by the server (a 304),
    /// or younger than --max-age and so not asked for.
    private static func outcome(changed count: Int, unchanged: Int, reused: Int) -> [String] {
        var parts = [changed(count)]
        if unchanged > 0 { parts.append(Quantities.thousands(unchanged) + " confirmed unchanged") }
        if reused > 0 { parts.append(Quantities.thousands(reused) + " recently checked") }
        return parts
    }

    private static func changed(_ count: Int) -> String {
        count == 0 ? "none changed" : Quantities.thousands(count) + " new or changed"
    }

    /// What a repository's run found deleted upstream, if anything.
    private static func deletions(_ report: GitHubSyncReport) -> String {
        var parts: [String] = []
        if report.threadsReread > 0 { parts.append(Quantities.counted(report.threadsReread, "thread") + " re-read") }
        if report.reconciled { parts.append("reconciled in full") }
        if report.commentsDeleted > 0 {
            parts.append(Quantities.counted(report.commentsDeleted, "comment") + " deleted")
        }
        if report.issuesDeleted > 0 { parts.append(Quantities.counted(report.issuesDeleted, "issue") + " gone") }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
    }

    /// "3 requests, all unchanged, in 0.05 s"; "1,353 requests, 205.2 MB in 12.10 s": bytes
    /// where they are worth a mention.
    static func describe(_ transfer: TransferSummary, allUnchanged: Bool = false) -> String {
        guard transfer.requests > 0 else { return "no request needed" }
        let what =
            allUnchanged
            ? ", all unchanged," : transfer.bytes >= 1_000_000 ? ", \(Quantities.bytes(transfer.bytes))" : ""
        return Quantities.counted(transfer.requests, "request") + what + " in \(Quantities.seconds(transfer.duration))"
    }
}
