/// One command's command line: how it is called, the options it accepts (besides the global
/// ones), its help, and how its parsed arguments become a `Command`.
struct CommandSpec: Sendable {
    /// One way of calling the command, as its usage line shows it: its arguments, then the
    /// options that apply to its scope, in the command's order.
    struct Usage: Sendable {
        /// What follows the command's name before its options (`issues OWNER/REPO`).
        var arguments: String?
        /// nil for a command with one way of calling it.
        var scope: UsageScope?
    }

    typealias Builder = @Sendable (_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command

    let name: CommandName
    /// Its lines in the tool's SUBCOMMANDS list.
    let abstract: [String]
    /// Help's OVERVIEW, wrapped as printed. Empty for `help`, whose help is the tool's.
    let overview: String
    let usages: [Usage]
    /// Every option the command accepts, each declared once: in help's and usage's order,
    /// which is also the order "did you mean" prefers among equally near names.
    let options: [OptionSpec]
    /// What completes each of its arguments, in order (`sync`: the word `issues`, then a
    /// stored repository).
    var argumentCompletions: [ValueCompletion] = []
    /// Left out of help, usage, the docs' synopsis, completions and manual pages: a command
    /// for the completion scripts, not for people.
    var isHidden = false
    let build: Builder
}

extension CommandSpec {
    /// The options a usage line lists, in order.
    func options(for usage: Usage) -> [OptionSpec] {
        options.filter { usage.scope == nil || $0.scopes.isEmpty || $0.scopes.contains(usage.scope!) }
    }
}

extension CommandName {
    /// The commands help, completions and manual pages show, in the table's order.
    static var visible: [CommandName] { allCases.filter { !$0.spec.isHidden } }

    var spec: CommandSpec {
        switch self {
        case .sync: return .sync
        case .serve: return .serve
        case .status: return .status
        case .show: return .show
        case .list: return .list
        case .type: return .type
        case .ability: return .ability
        case .move: return .move
        case .item: return .item
        case .location: return .location
        case .artwork: return .artwork
        case .get: return .get
        case .issues: return .issues
        case .issue: return .issue
        case .repos: return .repos
        case .browse: return .browse
        case .completions: return .completions
        case .man: return .man
        case .help: return .help
        case .complete: return .complete
        }
    }
}

/// Options several commands share.
enum SharedOptions {
    /// `-o/--output FILE`: where a command writes what it would print.
    static func output(help: [String]) -> OptionSpec {
        OptionSpec(name: "--output", shortName: "-o", value: .path, placeholder: "FILE", help: help)
    }

    static let json = OptionSpec(name: "--json", value: .flag, help: ["Print JSON (keys: docs/json.md)."])
    static let jsonArray = OptionSpec(
        name: "--json", value: .flag,
        help: ["Print a JSON array (keys: docs/json.md)."])
    /// Where a listing starts; one range for every command, each with its own help.
    static func offset(
        default value: OptionSpec.Default?, help: [String], scopes: Set<UsageScope> = []
    ) -> OptionSpec {
        OptionSpec(
            name: "--offset", value: .count(0...ArgumentParser.maximumCount), placeholder: "N",
            defaultValue: value, help: help, scopes: scopes)
    }

    static func limit(default value: OptionSpec.Default, help: [String], scopes: Set<UsageScope> = []) -> OptionSpec {
        OptionSpec(
            name: "--limit", value: .count(1...ArgumentParser.maximumCount), placeholder: "N",
            defaultValue: value, help: help, scopes: scopes)
    }
}
