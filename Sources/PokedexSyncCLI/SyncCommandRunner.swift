import HTTPTypes
import PokedexCLI
import PokedexStore
import PokedexSync
import SyncSettings
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `pokedex sync`: builds the job from the command line, shows its progress, turns SIGINT
/// and SIGTERM into a clean stop, and turns its failures into one `Error:` line and an
/// exit status.
public enum SyncCommandRunner {
    /// Runs `command` with requests sent through `transports` (the entry point's choice).
    public static func run(
        _ command: SyncCommand, _ context: PokedexCLI.SyncContext,
        transports: HTTPTransportFactory
    ) async throws {
        let environment = context.environment
        let pokeAPIURL = try baseURL(
            flag: command.pokeAPIURL, flagName: "--pokeapi-url", variable: "POKEAPI_BASE_URL",
            default: SyncDefaults.pokeAPIBaseURL, environment: environment)
        let gitHubURL = try baseURL(
            flag: command.githubURL, flagName: "--github-url", variable: "GITHUB_API_URL",
            default: SyncDefaults.gitHubBaseURL, environment: environment)
        let pokeAPIToken = try token("POKEAPI_TOKEN", environment)
        let retry = RetryPolicy.retries(
            command.retries ?? SyncDefaults.retries,
            maximumTotalWait: .seconds(command.retryWaitSeconds ?? SyncDefaults.retryWaitSeconds))
        let job = SyncJob(
            options: SyncJobOptions(
                scope: scope(of: command),
                databasePath: context.databasePath,
                pokeAPIBaseURL: pokeAPIURL,
                gitHubBaseURL: gitHubURL,
                gitHubToken: try token("GITHUB_TOKEN", environment) ?? token("GH_TOKEN", environment),
                pokeAPIToken: pokeAPIToken,
                resources: ResourceSyncOptions(
                    offset: command.offset, limit: command.limit,
                    concurrency: command.concurrency ?? SyncDefaults.concurrency,
                    retry: retry, maximumDetailAgeSeconds: command.maximumDetailAgeSeconds,
                    kinds: command.resources.map(Set.init)),
                gitHub: GitHubSyncOptions(
                    maximumWait: .seconds(command.maximumWaitSeconds ?? SyncDefaults.maximumWaitSeconds), retry: retry,
                    fullReconcile: command.fullReconcile,
                    reconcileAfterSeconds: command.reconcileAfterSeconds.map { $0 > 0 ? $0 : nil }
                        ?? SyncDefaults.reconcileAfterSeconds),
                artwork: command.artwork,
                skipIfSucceededWithinSeconds: command.ifOlderThanSeconds,
                lockWait: .seconds(command.lockWaitSeconds),
                requestTimeoutSeconds: command.timeoutSeconds ?? SyncDefaults.requestTimeoutSeconds,
                // The console's: every credential of the command line and the environment.
                redactor: context.console.redactor),
            transports: transports)
        let reporter = SyncReporter(
            console: context.console, quiet: context.global.quiet,
            verbose: context.global.verbose, sources: (pokeAPIURL, gitHubURL), pokeAPITokenSet: pokeAPIToken != nil,
            width: TerminalSize.columns(of: 2, environment: environment))
        StopSignals.ignoreFailedWrites()
        let work = Task { try await job.run(events: reporter.handle) }
        let signals = StopSignals.install { work.cancel() }
        let result = await work.result
        signals.remove()
        let failure: (any Error)? = if case .failure(let error) = result { error } else { nil }
        reporter.finish(
            succeeded: signals.received == nil && failure == nil,
            // A failure not reported yet is printed last, below: it is the line that ends the sync.
            closingFailures: signals.received == nil && failure.map(reporter.hasReported) == true)
        if let stop = signals.received {
            throw CommandFailure(
                message: "stopped by \(stop.name) after the page being committed; everything stored "
                    + "is kept, and the next sync goes on from there",
                exitCode: stop.exitCode)
        }
        do {
            try result.get()
        } catch  where reporter.hasReported(error) {
            throw ReportedFailure(exitCode: reporter.describe(error).exitCode)
        } catch {
            let (message, exitCode) = reporter.describe(error)
            throw CommandFailure(message: message, exitCode: exitCode)
        }
    }

    /// The token `variable` holds, read as TokenLine reads one; refused when a control character
    /// is left inside it.
    private static func token(_ variable: String, _ environment: [String: String]) throws -> String? {
        guard let token = TokenLine.fromEnvironment(variable, environment) else { return nil }
        guard TokenLine.isPrintable(token) else { throw CommandFailure.unprintableToken(from: variable) }
        return token
    }

    private static func scope(of command: SyncCommand) -> SyncJobOptions.Scope {
        if let repository = command.repository { return .repository(repository) }
        if let owner = command.owner {
            return .owner(login: owner, includeForks: command.includeForks, includeArchived: command.includeArchived)
        }
        return .everything
    }

    private static func baseURL(
        flag: String?, flagName: String, variable: String, default fallback: String,
        environment: [String: String]
    ) throws -> URL {
        let fromEnvironment = environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        let text = flag ?? fromEnvironment ?? fallback
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw CommandFailure(
                message: "\(flag != nil ? flagName : variable) is not an http(s) URL: '\(text)'",
                exitCode: .usage)
        }
        return url
    }

    /// `error` as its `Error:` line and exit status; a PokeAPI's 401 says whether
    /// POKEAPI_TOKEN was sent (`pokeAPITokenSet`) or is missing.
    static func describe(_ error: any Error, pokeAPITokenSet: Bool) -> (message: String, exitCode: ExitCode) {
        switch error {
        case let failure as SyncFailure:
            var (message, code) = describe(failure.underlying, pokeAPITokenSet: pokeAPITokenSet)
            if case .pokeAPI = failure.resource, case .status(_, 401, _)? = failure.underlying as? FetchError {
                message +=
                    pokeAPITokenSet
                    ? " (the server refused the token in POKEAPI_TOKEN)"
                    : " (this PokeAPI wants a token: set POKEAPI_TOKEN)"
            }
            // Network and server failures leave the data as the last sync left it.
            guard failure.underlying is FetchError else { return (message, code) }
            let kept =
                failure.pagesCommitted == 0
                ? "local data unchanged"
                : "local data kept, with the \(Quantities.counted(failure.pagesCommitted, "page")) this run committed"
            // Named: "never synced" alone reads as if the whole database never was, and a bare
            // date as if everything was synced then.
            let title = failure.resource.title
            let last = failure.lastSuccess.map { "\(title) last synced \($0)" } ?? "\(title) never synced completely"
            return ("\(message); \(kept), \(last)", code)
        case let error as FetchError:
            return (error.description, exitCode(for: error))
        case let error as GitHubSyncError:
            return (error.description, exitCode(for: error))
        default:
            return PokedexCLI.describe(error)
        }
    }

    static func exitCode(for error: FetchError) -> ExitCode {
        switch error {
        case .unreachable: return .unavailable
        case .status(_, let status, _) where status >= 500 || status == 429 || status == 408: return .unavailable
        case .status(_, 401, _): return .permissionDenied
        case .status, .notJSON, .undecodable, .tooLarge, .offAPI: return .badServerData
        }
    }

    static func exitCode(for error: GitHubSyncError) -> ExitCode {
        switch error {
        case .notFound, .ownerNotFound: return .notFound
        case .issuesDisabled: return .badServerData
        case .unauthorized: return .permissionDenied
        case .rateLimited: return .tryLater
        }
    }
}
