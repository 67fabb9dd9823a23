import IssueStore
import PokedexStore
import TextUtilities

/// Parses pokedex's command line. Global options are accepted before or after the command;
/// `--name value` and `--name=value` are equivalent.
public enum ArgumentParser {
    /// The largest `--offset`/`--limit` accepted: far beyond any catalog, small enough that
    /// a typo like 10000000000 is caught instead of silently meaning "everything".
    public static let maximumCount = 10_000_000
    public static let maximumConcurrency = 64

    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var global = GlobalOptions()
        do {
            return try parse(arguments, global: &global)
        } catch var error {
            error.color = global.color
            throw error
        }
    }

    /// `global` holds the global options read so far when it throws.
    private static func parse(_ arguments: [String], global: inout GlobalOptions) throws(UsageError) -> Invocation {
        var reader = TokenReader(arguments)
        var commandName: CommandName?
        var positionals: [String] = []
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var wantsHelp = false
        var wantsVersion = false

        while let token = reader.next() {
            if token == "--" {
                positionals.append(contentsOf: reader.rest())
                break
            }
            guard token.hasPrefix("-"), token != "-" else {
                if commandName == nil {
                    commandName = try parseCommandName(token, usage: nil)
                } else {
                    positionals.append(token)
                }
                continue
            }
            let (name, inlineValue) = splitOption(token)
            let globalOption = GlobalOption(named: name)
            // `--quiet=no` would read as --quiet.
            if let globalOption, globalOption.spec.value == .flag, let inlineValue {
                throw UsageError(
                    message: "\(globalOption.spec.name) takes no value, not '\(inlineValue)'", command: commandName)
            }
            switch globalOption {
            case .help?: wantsHelp = true
            case .version?: wantsVersion = true
            case .quiet?: global.quiet = true
            case .verbose?: global.verbose = true
            case .database?:
                global.databasePath = try reader.path(for: name, inline: inlineValue, command: commandName)
            case .color?:
                let text = try reader.value(for: name, inline: inlineValue, command: commandName)
                // The choices are the raw values.
                global.color = ColorChoice(
                    rawValue: try GlobalOption.color.spec.choice(text, command: commandName))!
            case nil:
                let accepted = commandName?.spec.options ?? []
                let spec = accepted.first(where: { $0.isNamed(name) })
                // Kept under the long name, which is how commands read them (`-o` is `--output`).
                switch spec?.value {
                case .flag? where inlineValue == nil:
                    flags.insert(spec?.name ?? name)
                case .flag?:
                    // Named, not unknown: `--json=yes` is a known flag given a value.
                    throw UsageError(
                        message: "\(spec?.name ?? name) takes no value, not '\(inlineValue ?? "")'",
                        command: commandName)
                case .path?:
                    values[spec?.name ?? name, default: []].append(
                        try reader.path(for: name, inline: inlineValue, command: commandName))
                case .some(let value) where value != .flag:
                    values[spec?.name ?? name, default: []].append(
                        try reader.value(for: name, inline: inlineValue, command: commandName))
                default:
                    let known = (accepted + GlobalOption.allCases.map(\.spec)).map(\.name)
                    let what =
                        commandName.map { "unknown option '\(name)' for '\($0.rawValue)'" }
                        ?? "unknown option '\(name)'"
                    throw UsageError(message: what + suggestion(name, among: known), command: commandName)
                }
            }
        }

        // Before or after a command, as the other global options: `sync --version` runs no sync.
        // With a command, help (`--help`, `help sync`) is the more specific ask.
        if wantsVersion && (commandName == nil || !wantsHelp && commandName != .help) {
            return Invocation(global: global, command: .version)
        }
        guard let commandName else {
            return Invocation(global: global, command: .help(nil))
        }
        if wantsHelp { return Invocation(global: global, command: .help(commandName == .help ? nil : commandName)) }
        let options = ParsedOptions(command: commandName, values: values, flags: flags)
        let command = try commandName.spec.build(positionals, options)
        try options.refuseExclusive()
        return Invocation(global: global, command: command)
    }

    /// `usage`: the command whose usage line the error shows.
    static func parseCommandName(_ text: String, usage: CommandName?) throws(UsageError) -> CommandName {
        guard let name = CommandName(rawValue: text) else {
            let known = CommandName.visible.map(\.rawValue)
            throw UsageError(message: "unknown command '\(text)'" + suggestion(text, among: known), command: usage)
        }
        return name
    }

    static func repository(_ text: String, command: CommandName) throws(UsageError) -> GitHubRepositoryName {
        guard let name = GitHubRepositoryName(text) else {
            throw UsageError(message: "'\(text.prefix(120))' is not a GitHub repository (OWNER/REPO)", command: command)
        }
        return name
    }

    private static func splitOption(_ token: String) -> (String, String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    /// The nearest candidate within two edits; among equally near ones, the first.
    static func suggestion(_ text: String, among candidates: [String]) -> String {
        let maximumDistance = 2
        let scored = candidates.enumerated().compactMap { index, candidate -> (String, Int, Int, Int)? in
            let distance = EditDistance.between(Array(text), Array(candidate), bound: maximumDistance)
            return distance <= maximumDistance
                ? (candidate, distance, -EditDistance.sharedStart(text, candidate), index) : nil
        }
        guard let best = scored.min(by: { ($0.1, $0.2, $0.3) < ($1.1, $1.2, $1.3) }) else { return "" }
        return " (did you mean '\(best.0)'?)"
    }
}

/// Reads tokens in order; an option's value is the next token unless given inline.
private struct TokenReader {
    private var tokens: ArraySlice<String>

    init(_ tokens: [String]) { self.tokens = tokens[...] }

    mutating func next() -> String? { tokens.popFirst() }

    mutating func rest() -> [String] {
        defer { tokens = [] }
        return Array(tokens)
    }

    mutating func value(for option: String, inline: String?, command: CommandName?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let value = tokens.first, !value.hasPrefix("--") else {
            throw UsageError(message: "\(option) needs a value", command: command)
        }
        tokens.removeFirst()
        return value
    }

    /// A file's path: an empty one names no file (a script's unset variable, `--db "$DB"`).
    mutating func path(for option: String, inline: String?, command: CommandName?) throws(UsageError) -> String {
        let path = try value(for: option, inline: inline, command: command)
        guard !path.isEmpty else { throw UsageError(message: "\(option) needs a file name", command: command) }
        return path
    }
}

/// Type names as PokeAPI spells them: lower-case ASCII ("Electric" → "electric").
enum PokemonTypeName {
    static func normalize(_ text: String) -> String {
        String(text.lowercased().filter { $0.isASCII && ($0.isLetter || $0 == "-") })
    }
}
