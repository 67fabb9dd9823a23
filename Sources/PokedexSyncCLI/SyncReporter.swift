import LocalDatabase
import PokedexCLI
import PokedexStore
import PokedexSync
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Shows a sync's events on standard error. On a terminal: a live progress line and a
/// summary line per resource. Otherwise (cron, logs): timestamped start, end and error
/// lines only. `--quiet` keeps the errors alone; `--verbose` adds a line per page.
final class SyncReporter: @unchecked Sendable {
    private let console: Console
    private let quiet: Bool
    private let verbose: Bool
    private let sources: (pokeAPI: URL, gitHub: URL)
    /// Held for each event: the state below is the handler's.
    private let lock = Mutex(())
    private let clock = ContinuousClock()
    private var started = ContinuousClock.now
    private var lastProgress: ContinuousClock.Instant?
    private var progressShown = false
    private var reportedFailures: [String] = []

    /// The progress line is redrawn at most this often.
    private static let progressInterval: Duration = .milliseconds(100)

    init(console: Console, quiet: Bool, verbose: Bool, sources: (pokeAPI: URL, gitHub: URL)) {
        self.console = console
        self.quiet = quiet
        self.verbose = verbose
        self.sources = sources
    }

    func handle(_ event: SyncEvent) {
        lock.withLock { _ in
            switch event {
            case .skipped(let resource, let lastSuccess):
                line("skipped \(resource.title): synced successfully at \(lastSuccess), within --if-older-than")
            case .started(let resource):
                started = clock.now
                lastProgress = nil
                if !console.errorIsTerminal { line("sync started: \(resource.title) from \(source(of: resource))") }
            case .resourceProgress(let resource, let progress, let requests):
                pageProgress(resource, progress, requests: requests)
            case .resourceFinished(let resource, let report, let transfer):
                finished(resource, report, transfer)
            case .issuesProgress(let report, let requests):
                guard report.pagesCommitted > 0 else { return }
                let text =
                    "\(report.repository) issues: page \(report.pages), \(report.itemsReceived) received; comments: "
                    + "page \(report.commentPages), \(report.commentsReceived) received; "
                    + Quantities.counted(requests, "request")
                if verbose { line(text) } else { show("\(text)\(rate(requests))") }
            case .issuesFinished(let report, let transfer):
                let renamed = report.renamedFrom.map { " (renamed from \($0))" } ?? ""
                let budget =
                    report.rateLimit.map { limit in
                        "; rate limit \(limit.remaining)\(limit.limit.map { "/\($0)" } ?? "") left"
                    } ?? ""
                line(
                    "synced \(report.repository)\(renamed): \(report.itemsChanged) issues and pull requests new or "
                        + "changed (\(report.itemsReceived) received in \(Quantities.counted(report.pages, "page"))); "
                        + "\(report.commentsChanged) comments new or changed (\(report.commentsReceived) received in "
                        + "\(Quantities.counted(report.commentPages, "page")))\(Self.deletions(report)); "
                        + "\(Quantities.counted(transfer.requests, "request")) (\(report.notModified) unchanged)\(budget) in "
                        + Quantities.seconds(transfer.duration))
            case .artworkProgress(let report, let requests):
                let done = report.downloaded + report.unchanged + report.missing + report.refused + report.failed
                let text =
                    "artwork: \(done) of \(report.linked - report.reused) images asked for, "
                    + Quantities.counted(requests, "request")
                if verbose { line(text) } else { show("\(text)\(rate(requests))") }
            case .artworkFinished(let report, let transfer):
                artworkFinished(report, transfer)
            case .repositoryExcluded(let fullName, let reason):
                line("skipped \(fullName): \(reason)")
            case .ownerFailed(_, let failure):
                let message = SyncCommandRunner.describe(failure).message
                reportedFailures.append(message)
                error(message)
            case .failed(let failure):
                let message = SyncCommandRunner.describe(failure).message
                reportedFailures.append(message)
                error(message)
            }
        }
    }

    /// What a repository's sync found deleted upstream, if anything.
    private static func deletions(_ report: GitHubSyncReport) -> String {
        var parts: [String] = []
        if report.threadsReread > 0 { parts.append("\(report.threadsReread) threads re-read") }
        if report.reconciled { parts.append("reconciled in full") }
        if report.commentsDeleted > 0 { parts.append("\(report.commentsDeleted) comments deleted") }
        if report.issuesDeleted > 0 { parts.append("\(report.issuesDeleted) issues gone") }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
    }

    /// A PokeAPI resource's page committed (the Pokémon's or a linked kind's). Under `lock`.
    private func pageProgress(_ resource: SyncResource, _ progress: ResourceSyncProgress, requests: Int) {
        let report = progress.report
        let text =
            "\(resource.title): page \(report.pages), \(report.entries) of \(Quantities.counted(progress.listCount, "entry", plural: "entries")), "
            + Quantities.counted(requests, "request")
        if verbose { line(text) } else { show("\(text)\(rate(requests))") }
    }

    /// A PokeAPI resource's summary line. Under `lock`.
    private func finished(_ resource: SyncResource, _ report: ResourceSyncReport, _ transfer: TransferSummary) {
        line(
            "synced \(Self.entries(report.entries, of: resource)) in \(Quantities.counted(report.pages, "page")): "
                + "\(Quantities.counted(report.detailsDownloaded, "detail")) downloaded, "
                + "\(report.detailsUnchanged) unchanged, \(report.detailsReused) reused without a request; "
                + Self.describe(transfer))
    }

    /// "1 type", "21 types", "1 species", "3 Pokémon": a count of a PokeAPI resource's entries.
    private static func entries(_ count: Int, of resource: SyncResource) -> String {
        guard case .pokeAPI(let kind) = resource, let declared = PokeAPIResources.resource(kind) else {
            return Quantities.counted(count, "entry", plural: "entries")
        }
        return Quantities.counted(count, declared.singular, plural: declared.plural)
    }

    /// The artwork phase's summary, and one line when its host could not be reached. Under `lock`.
    private func artworkFinished(_ report: ArtworkSyncReport, _ transfer: TransferSummary) {
        var problems: [String] = []
        if report.refused > 0 { problems.append("\(report.refused) refused") }
        if report.failed > 0 { problems.append("\(report.failed) failed") }
        let problemText =
            problems.isEmpty
            ? "" : ", " + problems.joined(separator: ", ") + (report.firstProblem.map { " (first: \($0))" } ?? "")
        line(
            "synced artwork: \(Quantities.counted(report.linked, "image")) linked, \(report.downloaded) downloaded "
                + "(\(Quantities.bytes(report.downloadedBytes))), \(report.unchanged) unchanged, \(report.reused) "
                + "reused without a request, \(report.missing) missing on the image host\(problemText); "
                + Self.describe(transfer))
        if let host = report.unreachableHost {
            line(
                "image host \(host) unreachable (\(report.unreachableReason ?? "no answer")): \(Quantities.counted(report.skipped, "image")) "
                    + "skipped; the data sync is complete, "
                    + "and the next sync asks for them again")
        }
    }

    /// Whether `failure` was printed already, as the job went on past it.
    func hasReported(_ failure: any Error) -> Bool {
        lock.withLock { _ in reportedFailures.contains(SyncCommandRunner.describe(failure).message) }
    }

    /// Clears the progress line before the final error or the shell prompt.
    func finish() {
        lock.withLock { _ in clearProgress() }
    }

    private func source(of resource: SyncResource) -> String {
        switch resource {
        case .issues: return sources.gitHub.absoluteString
        case .artwork: return "the image host the Pokémon's details link"
        default: return sources.pokeAPI.absoluteString
        }
    }

    /// Lines name repositories and quote servers: sanitized here, redacted by the console.
    private func line(_ text: String) {
        guard !quiet else { return }
        clearProgress()
        console.printError(stamped("\(text)"))
    }

    private func error(_ message: String) {
        clearProgress()
        console.printError(stamped("\(console.errorLabel) \(message)"))
    }

    private func stamped(_ text: DisplayText) -> DisplayText {
        console.errorIsTerminal ? text : "\(UTCTime.now()) \(text)"
    }

    private func show(_ text: DisplayText) {
        guard console.errorIsTerminal, !quiet else { return }
        let now = clock.now
        if let lastProgress, now - lastProgress < Self.progressInterval { return }
        lastProgress = now
        progressShown = true
        console.writeError("\r\u{1B}[K\(text)")
    }

    private func clearProgress() {
        guard progressShown else { return }
        progressShown = false
        console.writeError("\r\u{1B}[K")
    }

    private func rate(_ requests: Int) -> String {
        let seconds = Quantities.secondsValue(clock.now - started)
        return seconds > 0.2 ? ", \(Int((Double(requests) / seconds).rounded())) requests/s" : ""
    }

    static func describe(_ transfer: TransferSummary) -> String {
        "\(Quantities.counted(transfer.requests, "request")), \(Quantities.bytes(transfer.bytes)) in \(Quantities.seconds(transfer.duration))"
    }
}
