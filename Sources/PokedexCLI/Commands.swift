import LocalDatabase
import PokedexStore

/// A failure that ends a command: the one-line message for stderr and the exit status. The
/// message may quote untrusted text as it is: it is sanitized and redacted where printed.
public struct CommandFailure: Error {
    public let message: String
    public let exitCode: ExitCode

    public init(message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }
}

/// A failure already printed while the command ran: only its exit status is left to give.
public struct ReportedFailure: Error {
    public let exitCode: ExitCode

    public init(exitCode: ExitCode) {
        self.exitCode = exitCode
    }
}

/// Runs a parsed invocation against the library and formats what it returns.
struct CommandRunner {
    let global: GlobalOptions
    let environment: [String: String]
    let console: Console

    func databasePath() throws -> String {
        guard let path = DatabaseLocation.resolve(explicit: global.databasePath, environment: environment) else {
            throw CommandFailure(
                message: "cannot tell where the database lives: set --db, POKEDEX_DB or HOME",
                exitCode: .usage)
        }
        return path
    }

    /// The catalog for a query; an empty database is an error that says what to do.
    func openCatalog() throws -> PokemonCatalog {
        let catalog = PokemonCatalog(database: try LocalStore.openForReading(path: try databasePath()))
        guard try catalog.count() > 0 else {
            throw CommandFailure(message: "no Pokémon stored yet: run `pokedex sync` first", exitCode: .notFound)
        }
        return catalog
    }
}
