import LocalDatabase
import PokedexCLI
import PokedexStore
import PokedexSync
import Synchronization
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Shows a sync's events on standard error. On a terminal: a live line, redrawn as requests
/// complete (what is synced, how far, what it waits for), a line per retry and per resource
/// done. Otherwise (cron, logs): timestamped lines, one per resource and one at the end.
/// `--quiet` keeps the errors alone; `--verbose` adds the start of each run, each page and,
/// off a terminal, each retry.
final class SyncReporter: @unchecked Sendable {
    private let console: Console
    private let quiet: Bool
    private let verbose: Bool
    private let sources: (pokeAPI: URL, gitHub: URL)
    private let width: Int
    private let pokeAPITokenSet: Bool
    /// Held for each event and each redraw: the state below is theirs.
    private let lock = Mutex(())
    private let clock = ContinuousClock()
    private let syncStarted = ContinuousClock.now
    private var current: Run?
    /// The live line as last drawn; nil when none is on the screen.
    private var drawn: String?
    private var reportedFailures: [String] = []
    /// The parts that failed, in a few words each, for the line that closes a failed sync.
    private var failedParts: [String] = []
    /// Whether a line followed the last error: the end of the sync then needs saying again.
    private var linesSinceError = false
    private var resourcesRun: Set<SyncResource> = []
    private var totals = (changed: 0, requests: 0, bytes: 0)
    private var ticker: Task<Void, Never>?

    /// How often the live line is redrawn.
    private static let redrawInterval: Duration = .milliseconds(200)

    /// The run the live line shows.
    private struct Run {
        var line: SyncProgressLine
        let transfer: TransferStatistics?
        let started: ContinuousClock.Instant
        let requestsBefore: Int
        let bytesBefore: Int
    }

    init(
        console: Console, quiet: Bool, verbose: Bool, sources: (pokeAPI: URL, gitHub: URL), pokeAPITokenSet: Bool,
        width: Int
    ) {
        self.console = console
        self.pokeAPITokenSet = pokeAPITokenSet
        self.quiet = quiet
        self.verbose = verbose
        self.sources = sources
        self.width = width
        guard console.errorIsTerminal, !quiet else { return }
        ticker = Task.detached { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.redrawInterval)
                self?.redraw()
            }
        }
    }

    func handle(_ event: SyncEvent) {
        lock.withLock { _ in
            switch event {
            case .skipped(let resource, let lastSuccess):
                line("skipped \(resource.title): synced successfully at \(lastSuccess), within --if-older-than")
            case .started(let resource, let transfer):
                start(resource, transfer)
            case .retrying(let notice):
                let text =
                    "retrying GET \(notice.url) in \(Quantities.seconds(notice.delay)) "
                    + "(\(notice.retry) of \(notice.retries)): \(notice.reason)"
                if console.errorIsTerminal || verbose { line(text) }
            case .resourceProgress(let resource, let progress, let requests):
                current?.line.committed = progress.report.entries
                current?.line.total = progress.listCount
                if verbose {
                    line(
                        "\(resource.title): page \(progress.report.pages), \(Quantities.thousands(progress.report.entries)) of "
                            + "\(Quantities.counted(progress.listCount, "entry", plural: "entries")), "
                            + Quantities.counted(requests, "request"))
                }
            case .resourceFinished(let resource, let report, let transfer):
                guard case .pokeAPI(let kind) = resource else { return }
                let again = !resourcesRun.insert(resource).inserted
                // No Pokémon of a list that has some: the range starts past its end.
                let listCount = kind == .pokemon && report.entries == 0 ? current?.line.total : nil
                current = nil
                tally(report.detailsDownloaded, transfer)
                line(
                    SyncSummaryText.resource(
                        PokeAPIResources.resource(kind), again: again, report, transfer,
                        pastTheEndOf: listCount.flatMap { $0 > 0 ? $0 : nil }))
            case .issuesProgress(let report, let requests):
                current?.line.committed = report.itemsReceived + report.commentsReceived
                if verbose {
                    line(
                        "\(report.repository) issues: page \(report.pages), "
                            + "\(Quantities.thousands(report.itemsReceived)) received; comments: page "
                            + "\(report.commentPages), \(Quantities.thousands(report.commentsReceived)) received; "
                            + Quantities.counted(requests, "request"))
                }
            case .issuesFinished(let report, let transfer):
                current = nil
                tally(report.itemsChanged + report.commentsChanged, transfer)
                line(SyncSummaryText.issues(report, transfer))
            case .artworkProgress(let report, _):
                current?.line.committed =
                    report.downloaded + report.unchanged + report.missing + report.refused
                    + report.failed
                current?.line.total = report.linked - report.reused
            case .artworkFinished(let report, let transfer):
                current = nil
                tally(report.downloaded, transfer)
                for text in SyncSummaryText.artwork(report, transfer) { line(text) }
            case .refusedBody(let resource, let error):
                // Part of the run's failure: shown under --quiet too, as errors are.
                line("\(resource.title): left out \(error.description); asked for again next run", evenQuiet: true)
            case .linkedKindsNotSynced:
                line("the kinds the Pokémon link are not synced this time: no Pokémon of the range was taken")
            case .repositoryExcluded(let fullName, let reason):
                line("skipped \(fullName): \(reason)")
            case .ownerFailed(let login, let failure):
                failedParts.append(SyncSummaryText.failedPart("owner \(login)", failure))
                error(describe(failure).message)
            case .failed(let failure):
                failedParts.append(SyncSummaryText.failedPart(failure.resource.title, failure.underlying))
                error(describe(failure).message)
            }
        }
    }

    /// `failure` as its `Error:` line and exit status.
    func describe(_ failure: any Error) -> (message: String, exitCode: ExitCode) {
        SyncCommandRunner.describe(failure, pokeAPITokenSet: pokeAPITokenSet)
    }

    /// Whether `failure` was printed already, as the job went on past it.
    func hasReported(_ failure: any Error) -> Bool {
        lock.withLock { _ in reportedFailures.contains(describe(failure).message) }
    }

    /// Stops the live line; after a sync that succeeded, says in one line what it did. After
    /// one whose failures were reported as it went (`closingFailures`), an `Error:` line names
    /// them all, unless the one failure is the last line already: cron's mail is read from
    /// its end.
    func finish(succeeded: Bool, closingFailures: Bool = false) {
        ticker?.cancel()
        lock.withLock { _ in
            current = nil
            clearProgress()
            if succeeded {
                line(
                    SyncSummaryText.finished(
                        changed: totals.changed, requests: totals.requests, bytes: totals.bytes,
                        elapsed: clock.now - syncStarted))
            } else if closingFailures, !failedParts.isEmpty, failedParts.count > 1 || linesSinceError {
                error(SyncSummaryText.finished(failures: failedParts))
            }
        }
    }

    private func start(_ resource: SyncResource, _ transfer: TransferStatistics?) {
        let host: String
        switch resource {
        case .issues: host = Self.host(sources.gitHub)
        case .artwork: host = "the image host"
        case .pokeAPI: host = Self.host(sources.pokeAPI)
        }
        current = Run(
            line: SyncProgressLine(title: resource.title, host: host), transfer: transfer, started: clock.now,
            requestsBefore: transfer?.requests ?? 0, bytesBefore: transfer?.bytes ?? 0)
        if verbose && !console.errorIsTerminal { line("started \(resource.title) from \(host)") }
        drawCurrent()
    }

    private func tally(_ changed: Int, _ transfer: TransferSummary) {
        totals.changed += changed
        totals.requests += transfer.requests
        totals.bytes += transfer.bytes
    }

    private static func host(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    private func redraw() {
        lock.withLock { _ in drawCurrent() }
    }

    /// Under `lock`.
    private func drawCurrent() {
        guard console.errorIsTerminal, !quiet, var run = current else { return }
        let now = clock.now
        if let transfer = run.transfer {
            run.line.requests = transfer.requests - run.requestsBefore
            run.line.bytes = transfer.bytes - run.bytesBefore
            run.line.waiting = transfer.waitingSince.map { now - max($0, run.started) }
        }
        run.line.elapsed = now - run.started
        let text = run.line.rendered(width: width)
        guard text != drawn else { return }
        drawn = text
        console.writeError("\r\u{1B}[K\(text)")
    }

    /// Lines name repositories and quote servers: sanitized here, redacted by the console.
    /// Under `lock`; the live line is drawn again below it.
    private func line(_ text: String, evenQuiet: Bool = false) {
        guard !quiet || evenQuiet else { return }
        linesSinceError = true
        clearProgress()
        print(text)
        drawCurrent()
    }

    /// An error stays on one line, whatever its length: scripts and people grep for it.
    private func error(_ message: String) {
        reportedFailures.append(message)
        linesSinceError = false
        clearProgress()
        console.printError("\(stamp)\(console.errorLabel) \(message)")
        drawCurrent()
    }

    /// On a terminal, `text` on lines that fit its width, continuation lines indented two;
    /// off a terminal, one timestamped line per event, as logs and cron's mail want them.
    private func print(_ text: String) {
        guard console.errorIsTerminal else { return console.printError("\(stamp)\(text)") }
        // Redacted before it is cut into lines: a credential split in two would pass.
        for line in LineWrapping.hangingLines(TerminalText.sanitize(console.redactor.redact(text)), width: width) {
            console.printError("\(line)")
        }
    }

    private var stamp: String { console.errorIsTerminal ? "" : UTCTime.now() + " " }

    private func clearProgress() {
        guard drawn != nil else { return }
        drawn = nil
        console.writeError("\r\u{1B}[K")
    }
}
