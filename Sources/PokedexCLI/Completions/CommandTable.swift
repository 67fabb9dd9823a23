/// What completion scripts and manual pages are generated from: the commands a user sees, in
/// the table's order, and the options every command accepts. The generators are functions of
/// it alone, so tests can hand them small tables.
struct CommandTable: Sendable {
    let commands: [CommandSpec]
    let globalOptions: [OptionSpec]
    /// The global options each command lists, where they are not all of them.
    var listedGlobalOptions: [CommandName: [OptionSpec]] = [:]
    /// The global options the tool's usage line shows.
    var usageOptions: [OptionSpec] = []
    /// What the tool is, as its help says.
    var overview = ""

    static var pokedex: CommandTable {
        CommandTable(
            commands: CommandName.visible.map(\.spec), globalOptions: GlobalOption.allCases.map(\.spec),
            listedGlobalOptions: Dictionary(
                uniqueKeysWithValues: CommandName.visible.map { ($0, GlobalOption.listed(for: $0)) }),
            usageOptions: GlobalOption.usage, overview: GlobalOption.overview)
    }

    /// The options `command` offers after its name: its own, then the global ones its help lists.
    func options(of command: CommandSpec) -> [OptionSpec] {
        command.options + (listedGlobalOptions[command.name] ?? globalOptions)
    }

    /// The global options every command lists: the others are offered with their commands.
    var everywhereGlobalOptions: [OptionSpec] {
        globalOptions.filter { option in commands.allSatisfy { options(of: $0).contains(option) } }
    }

    /// The global options `command` lists that not every command does.
    func ownGlobalOptions(of command: CommandSpec) -> [OptionSpec] {
        (listedGlobalOptions[command.name] ?? []).filter { !everywhereGlobalOptions.contains($0) }
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
