import PokedexStore

/// Parses pokedex's command line. Global options are accepted before or after the command;
/// `--name value` and `--name=value` are equivalent.
public enum ArgumentParser {
    /// The largest `--offset`/`--limit` accepted: far beyond any catalog, small enough that
    /// a typo like 10000000000 is caught instead of silently meaning "everything".
    public static let maximumCount = 10_000_000
    public static let maximumConcurrency = 64

    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var reader = TokenReader(arguments)
        var global = GlobalOptions()
        var commandName: CommandName?
        var positionals: [String] = []
        var options: [String: [String]] = [:]
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
                    guard let name = CommandName(rawValue: token) else {
                        throw UsageError(message: "unknown command '\(token)'" + suggestion(token, among: CommandName.allCases.map(\.rawValue)),
                                         command: nil)
                    }
                    commandName = name
                } else {
                    positionals.append(token)
                }
                continue
            }
            let (name, inlineValue) = splitOption(token)
            switch name {
            case "-h", "--help": wantsHelp = true
            case "--version": wantsVersion = true
            case "-q", "--quiet": global.quiet = true
            case "-v", "--verbose": global.verbose = true
            case "--db": global.databasePath = try reader.value(for: name, inline: inlineValue, command: commandName)
            default:
                let accepted = commandName.map(optionsTaking) ?? []
                let acceptedFlags = commandName.map(flagsOf) ?? []
                if accepted.contains(name) {
                    options[name, default: []].append(
                        try reader.value(for: name, inline: inlineValue, command: commandName))
                } else if acceptedFlags.contains(name), inlineValue == nil {
                    flags.insert(name)
                } else {
                    let known = accepted + acceptedFlags + ["--db", "--quiet", "--verbose", "--help", "--version"]
                    let what = commandName.map { "unknown option '\(name)' for '\($0.rawValue)'" } ?? "unknown option '\(name)'"
                    throw UsageError(message: what + suggestion(name, among: known), command: commandName)
                }
            }
        }

        if wantsVersion && commandName == nil { return Invocation(global: global, command: .version) }
        guard let commandName else {
            return Invocation(global: global, command: .help(nil))
        }
        if wantsHelp { return Invocation(global: global, command: .help(commandName == .help ? nil : commandName)) }
        let command = try makeCommand(commandName, positionals: positionals, options: options, flags: flags)
        return Invocation(global: global, command: command)
    }

    private static func optionsTaking(_ command: CommandName) -> [String] {
        switch command {
        case .sync:
            return ["--pokeapi-url", "--github-url", "--offset", "--limit", "--concurrency", "--max-wait", "--retries",
                    "--wait", "--if-older-than", "--max-age", "--timeout", "--retry-wait"]
        case .list: return ["--offset", "--limit", "--type"]
        case .issues: return ["--state", "--label", "--author", "--search", "--limit", "--offset"]
        case .show, .issue, .help, .status: return []
        }
    }

    private static func flagsOf(_ command: CommandName) -> [String] {
        switch command {
        case .show, .list, .issue, .status: return ["--json"]
        case .issues: return ["--json", "--pulls", "--all-kinds"]
        case .sync, .help: return []
        }
    }

    private static func makeCommand(
        _ name: CommandName, positionals: [String], options allOptions: [String: [String]], flags: Set<String>
    ) throws(UsageError) -> Command {
        // Repeating an option keeps the last value, except for --label, which collects them.
        let options = allOptions.compactMapValues(\.last)
        func noPositionals() throws(UsageError) {
            if let extra = positionals.first {
                throw UsageError(message: "unexpected argument '\(extra)'", command: name)
            }
        }
        func count(_ option: String, minimum: Int, maximum: Int = maximumCount) throws(UsageError) -> Int? {
            guard let text = options[option] else { return nil }
            return try parseCount(text, option: option, minimum: minimum, maximum: maximum, command: name)
        }
        switch name {
        case .help:
            guard positionals.count <= 1 else {
                throw UsageError(message: "unexpected argument '\(positionals[1])'", command: .help)
            }
            guard let topic = positionals.first else { return .help(nil) }
            guard let command = CommandName(rawValue: topic) else {
                throw UsageError(message: "unknown command '\(topic)'" + suggestion(topic, among: CommandName.allCases.map(\.rawValue)),
                                 command: .help)
            }
            return .help(command)
        case .sync:
            var sync = SyncCommand()
            switch positionals.count {
            case 0: break
            case 2 where positionals[0] == "issues":
                sync.repository = try repository(positionals[1], command: name)
            default:
                let what = positionals.first == "issues" ? "missing OWNER/REPO after 'issues'"
                    : "unexpected argument '\(positionals[0])' (did you mean 'sync issues OWNER/REPO'?)"
                throw UsageError(message: what, command: name)
            }
            if let url = options["--pokeapi-url"] { sync.pokeAPIURL = try parseURL(url, option: "--pokeapi-url", command: name) }
            if let url = options["--github-url"] { sync.githubURL = try parseURL(url, option: "--github-url", command: name) }
            sync.offset = try count("--offset", minimum: 0) ?? 0
            sync.limit = try count("--limit", minimum: 1)
            sync.concurrency = try count("--concurrency", minimum: 1, maximum: maximumConcurrency)
            sync.maximumWaitSeconds = try count("--max-wait", minimum: 0, maximum: 86_400)
            sync.retries = try count("--retries", minimum: 0, maximum: 10)
            sync.timeoutSeconds = try count("--timeout", minimum: 1, maximum: 3_600)
            sync.retryWaitSeconds = try count("--retry-wait", minimum: 0, maximum: 3_600)
            sync.lockWaitSeconds = try count("--wait", minimum: 0, maximum: 86_400) ?? 0
            if let text = options["--if-older-than"] {
                let seconds = try duration(text, option: "--if-older-than", command: name)
                sync.ifOlderThanSeconds = seconds > 0 ? seconds : nil
            }
            if let text = options["--max-age"] {
                sync.maximumDetailAgeSeconds = try duration(text, option: "--max-age", command: name)
            }
            if sync.repository != nil,
               let catalogOption = ["--offset", "--limit", "--concurrency", "--pokeapi-url", "--max-age"]
                .first(where: { options[$0] != nil }) {
                throw UsageError(message: "\(catalogOption) applies to the Pokémon catalog, not to 'sync issues'",
                                 command: name)
            }
            return .sync(sync)
        case .status:
            try noPositionals()
            return .status(StatusCommand(json: flags.contains("--json")))
        case .issues:
            guard let first = positionals.first else {
                throw UsageError(message: "missing the repository (OWNER/REPO)", command: name)
            }
            guard positionals.count == 1 else {
                throw UsageError(message: "unexpected argument '\(positionals[1])'", command: name)
            }
            var issues = IssuesCommand(repository: try repository(first, command: name))
            if let state = options["--state"] {
                guard let parsed = IssueFilter.State(rawValue: state.lowercased()) else {
                    throw UsageError(message: "--state must be open, closed or all, not '\(state)'", command: name)
                }
                issues.filter.state = parsed
            }
            issues.filter.labels = try (allOptions["--label"] ?? []).map { label throws(UsageError) in
                guard !label.allSatisfy(\.isWhitespace) else {
                    throw UsageError(message: "--label needs a label name", command: name)
                }
                return label
            }
            issues.filter.author = options["--author"]
            if let search = options["--search"] {
                guard search.contains(where: { $0.isLetter || $0.isNumber }) else {
                    throw UsageError(message: "--search needs at least one word", command: name)
                }
                issues.filter.search = search
            }
            issues.filter.limit = try count("--limit", minimum: 1) ?? issues.filter.limit
            issues.filter.offset = try count("--offset", minimum: 0) ?? 0
            switch (flags.contains("--pulls"), flags.contains("--all-kinds")) {
            case (true, true): throw UsageError(message: "--pulls and --all-kinds exclude each other", command: name)
            case (true, false): issues.filter.kinds = .pullRequests
            case (false, true): issues.filter.kinds = .all
            case (false, false): issues.filter.kinds = .issues
            }
            issues.json = flags.contains("--json")
            return .issues(issues)
        case .issue:
            guard positionals.count == 1, let reference = positionals.first else {
                throw UsageError(message: positionals.isEmpty ? "missing the issue (OWNER/REPO#NUMBER)"
                                 : "unexpected argument '\(positionals[1])'", command: name)
            }
            let parts = reference.split(separator: "#", omittingEmptySubsequences: false)
            guard parts.count == 2, let number = Int(parts[1]), number > 0, parts[1].allSatisfy(\.isASCII) else {
                throw UsageError(message: "'\(reference)' is not OWNER/REPO#NUMBER", command: name)
            }
            return .issue(IssueCommand(repository: try repository(String(parts[0]), command: name), number: number,
                                       json: flags.contains("--json")))
        case .show:
            guard let query = positionals.first else {
                throw UsageError(message: "missing the Pokémon to show (a name or an id)", command: name)
            }
            guard positionals.count == 1 else {
                throw UsageError(message: "unexpected argument '\(positionals[1])' (quote names with spaces: \"mr mime\")",
                                 command: name)
            }
            guard !query.allSatisfy(\.isWhitespace) else {
                throw UsageError(message: "the Pokémon to show is empty", command: name)
            }
            guard query.count <= 100 else {
                throw UsageError(message: "the Pokémon to show is \(query.count) characters long; names are far shorter",
                                 command: name)
            }
            return .show(ShowCommand(query: query, json: flags.contains("--json")))
        case .list:
            try noPositionals()
            var list = ListCommand()
            list.offset = try count("--offset", minimum: 0) ?? 0
            list.limit = try count("--limit", minimum: 1) ?? list.limit
            if let type = options["--type"] {
                let slug = PokemonTypeName.normalize(type)
                guard !slug.isEmpty else { throw UsageError(message: "--type needs a type name, such as 'electric'", command: name) }
                list.type = slug
            }
            list.json = flags.contains("--json")
            return .list(list)
        }
    }

    static func parseCount(
        _ text: String, option: String, minimum: Int, maximum: Int, command: CommandName
    ) throws(UsageError) -> Int {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            let hint = text.hasPrefix("-") ? "; it cannot be negative" : ""
            throw UsageError(message: "\(option) needs a whole number, not '\(text)'\(hint)", command: command)
        }
        guard let value = Int(text), value >= minimum, value <= maximum else {
            throw UsageError(message: "\(option) must be between \(minimum) and \(maximum), not \(text)", command: command)
        }
        return value
    }

    private static func duration(_ text: String, option: String, command: CommandName) throws(UsageError) -> Int {
        guard let seconds = DurationText.seconds(text) else {
            throw UsageError(message: "\(option) needs a duration such as 90s, 30m, 6h, 2d or 1w, not '\(text)'",
                             command: command)
        }
        return seconds
    }

    private static func repository(_ text: String, command: CommandName) throws(UsageError) -> GitHubRepositoryName {
        guard let name = GitHubRepositoryName(text) else {
            throw UsageError(message: "'\(text.prefix(120))' is not a GitHub repository (OWNER/REPO)", command: command)
        }
        return name
    }

    private static func parseURL(_ text: String, option: String, command: CommandName) throws(UsageError) -> String {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), text.count > 8,
              !text.contains(where: { $0.isWhitespace })
        else {
            throw UsageError(message: "\(option) needs an http:// or https:// URL, not '\(text)'", command: command)
        }
        return text
    }

    private static func splitOption(_ token: String) -> (String, String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    static func suggestion(_ text: String, among candidates: [String]) -> String {
        let scored = candidates.map { ($0, levenshtein(Array(text), Array($0))) }.filter { $0.1 <= 2 }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
        return " (did you mean '\(best.0)'?)"
    }

    private static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
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
}

/// Type names as PokeAPI spells them: lower-case ASCII ("Electric" → "electric").
enum PokemonTypeName {
    static func normalize(_ text: String) -> String {
        String(text.lowercased().filter { $0.isASCII && ($0.isLetter || $0 == "-") })
    }
}
