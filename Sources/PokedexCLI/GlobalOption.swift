/// Options every command accepts, before or after its name.
enum GlobalOption: CaseIterable, Sendable {
    case database, quiet, verbose, help, version

    var spec: OptionSpec {
        switch self {
        case .database:
            return OptionSpec(
                name: "--db", value: .path, placeholder: "PATH",
                help: [
                    "The database file (default: $POKEDEX_DB, else",
                    "$XDG_DATA_HOME/pokedex/pokedex.sqlite, else",
                    "~/.local/share/pokedex/pokedex.sqlite).",
                ])
        case .quiet: return OptionSpec(name: "--quiet", shortName: "-q", value: .flag, help: ["Print errors only."])
        case .verbose:
            return OptionSpec(
                name: "--verbose", shortName: "-v", value: .flag,
                help: ["Print a line for each page synced."])
        case .help: return OptionSpec(name: "--help", shortName: "-h", value: .flag, help: ["Show help information."])
        case .version: return OptionSpec(name: "--version", value: .flag, help: ["Show the version."])
        }
    }

    init?(named name: String) {
        guard let option = Self.allCases.first(where: { $0.spec.isNamed(name) }) else { return nil }
        self = option
    }

    /// The tool's own help and usage line, where the global options stand for every command.
    static let overview = """
        An offline copy of PokeAPI's Pokémon catalog and of GitHub repositories'
        issues, in SQLite.
        """

    /// What the tool's usage line shows before the command.
    static let usage = [Self.database.spec, Self.quiet.spec, Self.verbose.spec]
}
