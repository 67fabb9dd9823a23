import LocalDatabase
import PokedexStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a parsed invocation against the library and formats what it returns.
struct CommandRunner {
    let global: GlobalOptions
    let environment: [String: String]
    let console: Console

    /// How human-readable results are laid out on standard output.
    var layout: TerminalLayout {
        TerminalLayout(
            width: TerminalSize.columns(of: STDOUT_FILENO, environment: environment), color: global.color,
            outputIsTerminal: console.outputIsTerminal, environment: environment)
    }

    /// A note on standard error for people, none with `--quiet`: what a listing left out. On a
    /// terminal it is wrapped to its width, since a note can name many things; elsewhere it
    /// stays one line for scripts.
    func note(_ line: DisplayText) {
        guard !global.quiet else { return }
        guard console.errorIsTerminal else { return console.printError(line) }
        let width = TerminalSize.columns(of: STDERR_FILENO, environment: environment)
        let lines = LineWrapping.lines(line.text, width: width).map(LineWrapping.printed)
        console.printError(DisplayText(sanitizing: lines.joined(separator: "\n"), keepingLineBreaks: true))
    }

    func databasePath() throws -> String {
        guard let path = DatabaseLocation.resolve(explicit: global.databasePath, environment: environment) else {
            throw CommandFailure(
                message: "cannot tell where the database lives: set --db, POKEDEX_DB or HOME",
                exitCode: .usage)
        }
        return path
    }

    /// The catalog for a query; an empty database is an error that says what to do.
    /// The database, read-only; unless `anyKind`, one that holds Pokémon (`move`, `item` and
    /// `location` read kinds a `sync --resources` may have stored alone).
    func openCatalog(anyKind: Bool = false) throws -> PokemonCatalog {
        let catalog = PokemonCatalog(database: try LocalStore.openForReading(path: try databasePath()))
        guard try anyKind || catalog.count() > 0 else {
            throw CommandFailure(message: "no Pokémon stored yet: run `pokedex sync` first", exitCode: .notFound)
        }
        return catalog
    }
}
