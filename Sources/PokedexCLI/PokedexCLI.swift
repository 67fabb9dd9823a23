import PokedexStore
import PokedexSync

/// The command-line front end: parses, calls the library, formats, and maps failures to
/// one `Error:` line and an exit status.
public enum PokedexCLI {
    public static func run(arguments: [String], environment: [String: String],
                           console: Console = .standard) async -> Int32 {
        let console = console.colorsErrors(environment: environment)
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            console.printError("\(console.errorLabel) \(error.message)")
            console.printError(HelpText.usageLine(error.command))
            console.printError("See 'pokedex \(error.command.map { "help \($0.rawValue)" } ?? "--help")'.")
            return ExitCode.usage.rawValue
        }
        let runner = CommandRunner(global: invocation.global, environment: environment, console: console)
        do {
            switch invocation.command {
            case .help(let topic): console.print(HelpText.help(topic))
            case .version: console.print(PokedexVersion.current)
            case .sync(let command): try await runner.sync(command)
            case .show(let command): try runner.show(command)
            case .list(let command): try runner.list(command)
            case .issues(let command): try runner.issues(command)
            case .issue(let command): try runner.issue(command)
            case .status(let command): try runner.status(command)
            }
            return ExitCode.success.rawValue
        } catch let failure as ReportedFailure {
            return failure.exitCode.rawValue
        } catch {
            let (message, code) = describe(error)
            // A sync's lines are timestamped for cron's mail and logs; so is its error.
            let stamp = invocation.command.isSync && !console.errorIsTerminal ? UTCTime.now() + " " : ""
            console.printError("\(stamp)\(console.errorLabel) \(message)")
            return code.rawValue
        }
    }

    static func describe(_ error: any Error) -> (message: String, exitCode: ExitCode) {
        switch error {
        case let failure as SyncFailure:
            let (message, code) = describe(failure.underlying)
            // Network and server failures leave the data as the last sync left it.
            guard failure.underlying is FetchError else { return (message, code) }
            let kept = failure.pagesCommitted == 0
                ? "local data unchanged"
                : "local data kept, with the \(failure.pagesCommitted) pages this run committed"
            let last = failure.lastSuccess.map { "last synced \($0)" } ?? "never synced completely"
            return ("\(message); \(kept), \(last)", code)
        case let failure as CommandFailure:
            return (failure.message, failure.exitCode)
        case let error as FetchError:
            return (error.description, exitCode(for: error))
        case let error as StoreError:
            return (error.description, exitCode(for: error))
        case let error as GitHubSyncError:
            return (error.description, exitCode(for: error))
        case let error as DatabaseError:
            return describe(error)
        default:
            return ("unexpected failure (a bug in pokedex): \(error)", .internalError)
        }
    }

    /// SQLite failures while working: the file is damaged (74, never repaired here), or it
    /// cannot be written (73: disk full, file-size limit, I/O error, read-only).
    static func describe(_ error: DatabaseError) -> (message: String, exitCode: ExitCode) {
        if error.isDamagedFile {
            return ("the database file is damaged (\(error)); pokedex does not repair it: check it with "
                    + "`sqlite3 FILE 'PRAGMA integrity_check'`, or move it away and sync again", .databaseUnusable)
        }
        if error.isOutOfSpace {
            return ("the disk is full, or the file reached its size limit (\(error)); the page being written was "
                    + "rolled back and everything stored before is kept", .cannotCreate)
        }
        return ("cannot write the database (\(error)); everything stored before is kept", .cannotCreate)
    }

    static func exitCode(for error: FetchError) -> ExitCode {
        switch error {
        case .unreachable: return .unavailable
        case .status(_, let status, _) where status >= 500 || status == 429 || status == 408: return .unavailable
        case .status, .notJSON, .undecodable: return .badServerData
        }
    }

    static func exitCode(for error: GitHubSyncError) -> ExitCode {
        switch error {
        case .notFound: return .notFound
        case .issuesDisabled: return .badServerData
        case .unauthorized: return .permissionDenied
        case .rateLimited: return .tryLater
        }
    }

    static func exitCode(for error: StoreError) -> ExitCode {
        switch error {
        case .noDatabase: return .notFound
        case .locked: return .tryLater
        case .cannotOpen: return .cannotCreate
        case .notADatabase, .schema: return .databaseUnusable
        }
    }
}
