import PokedexStore
import PokedexSync

/// The command-line front end: parses, calls the library, formats, and maps failures to
/// one `Error:` line and an exit status.
public enum PokedexCLI {
    public static func run(arguments: [String], environment: [String: String],
                           console: Console = .standard) async -> Int32 {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            console.printError("Error: \(error.message)")
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
            }
            return ExitCode.success.rawValue
        } catch {
            let (message, code) = describe(error)
            console.printError("Error: \(message)")
            return code.rawValue
        }
    }

    static func describe(_ error: any Error) -> (String, ExitCode) {
        switch error {
        case let failure as CommandFailure:
            return (failure.message, failure.exitCode)
        case let error as FetchError:
            return (error.description, exitCode(for: error))
        case let error as StoreError:
            return (error.description, exitCode(for: error))
        case let error as GitHubSyncError:
            return (error.description, exitCode(for: error))
        case let error as DatabaseError:
            return ("database: \(error)", .cannotCreate)
        default:
            return ("unexpected failure (a bug in pokedex): \(error)", .internalError)
        }
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
