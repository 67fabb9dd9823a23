/// What completion scripts and manual pages are generated from: the commands a user sees, in
/// the table's order, and the options every command accepts. The generators are functions of
/// it alone, so tests can hand them small tables.
struct CommandTable: Sendable {
    let commands: [CommandSpec]
    let globalOptions: [OptionSpec]
    /// The global options the tool's usage line shows.
    var usageOptions: [OptionSpec] = []
    /// What the tool is, as its help says.
    var overview = ""

    static var pokedex: CommandTable {
        CommandTable(
            commands: CommandName.visible.map(\.spec), globalOptions: GlobalOption.allCases.map(\.spec),
            usageOptions: GlobalOption.usage, overview: GlobalOption.overview)
    }

    /// Every option `command` accepts after its name: its own, then the global ones.
    func options(of command: CommandSpec) -> [OptionSpec] {
        command.options + globalOptions
    }

    /// The options that take a value (the next word), each with its command's name: nil for a
    /// global option, which every command takes.
    var valuedOptions: [(command: String?, option: OptionSpec)] {
        let scopes = [(nil, globalOptions)] + commands.map { ($0.name.rawValue, $0.options) }
        return scopes.flatMap { command, options in
            options.filter { $0.value != .flag }.map { (command, $0) }
        }
    }

    /// `completion`, with `.commands` spelled out as this table's command names.
    func resolved(_ completion: ValueCompletion) -> ValueCompletion {
        completion == .commands ? .words(commands.map(\.name.rawValue)) : completion
    }

    /// An option's help as a shell shows it beside the option: its first sentence (a period
    /// within parentheses, as in "e.g.", ends none), on one line.
    static func summary(_ option: OptionSpec) -> String {
        let text = HelpText.helpLines(option).joined(separator: " ")
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "." where depth == 0 && text[text.index(after: index)...].first == " ":
                return String(text[...index])
            default: break
            }
        }
        return text
    }
}
