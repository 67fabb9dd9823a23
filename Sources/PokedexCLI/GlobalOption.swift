/// Options every command accepts, before or after its name.
enum GlobalOption: CaseIterable, Sendable {
    case database, quiet, verbose, color, help, version

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
        case .color:
            return OptionSpec(
                name: "--color", value: .choice(ColorChoice.allCases.map(\.rawValue)), placeholder: "WHEN",
                defaultValue: .text(GlobalOptions().color.rawValue),
                help: [
                    "Colour and bold text (default: {default}): always, never,",
                    "or auto: only on a terminal, with NO_COLOR unset and TERM",
                    "not dumb.",
                ])
        case .help: return OptionSpec(name: "--help", shortName: "-h", value: .flag, help: ["Show help information."])
        case .version: return OptionSpec(name: "--version", value: .flag, help: ["Show the version."])
        }
    }

    /// The commands whose help lists it: those it changes something for (nil: every one).
    /// The parser accepts every global option with every command all the same.
    var commands: Set<CommandName>? {
        switch self {
        case .verbose: return [.sync]
        case .database, .quiet, .color, .help, .version: return nil
        }
    }

    /// The global options `command`'s help lists, and its completions offer: `help`'s help is
    /// the tool's, which lists them all.
    static func listed(for command: CommandName) -> [OptionSpec] {
        allCases.filter { command == .help || $0.commands?.contains(command) ?? true }.map(\.spec)
    }

    init?(named name: String) {
        guard let option = Self.allCases.first(where: { $0.spec.isNamed(name) }) else { return nil }
        self = option
    }

    /// The tool's own help and usage line, where the global options stand for every command.
    static let overview = """
        An offline copy of PokeAPI and of GitHub repositories' issues, in SQLite.
        """

    /// What the tool's usage line shows before the command.
    static let usage = [Self.database.spec, Self.quiet.spec, Self.verbose.spec]
}
