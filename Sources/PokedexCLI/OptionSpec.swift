/// One option as the parser, usage lines and help all see it: declared once, in its command's
/// table, so that adding an option is one entry and help cannot drift from what is parsed.
struct OptionSpec: Sendable, Equatable {
    /// What follows the option's name, and how the parser checks it.
    enum Value: Sendable, Equatable {
        /// Nothing: `--json`.
        case flag
        /// A whole number within the range.
        case count(ClosedRange<Int>)
        /// 90s, 30m, 6h, 2d, 1w, several in a row, or 0 (`DurationText`).
        case duration
        /// An http:// or https:// URL.
        case url
        /// Any text; the command checks it further where it must (`--type`, `--search`).
        case text
        /// A file's path: parsed as text, completed with file names.
        case path
        /// One of these words, in any case.
        case choice([String])
        /// Any text, repeatable: every value is kept, where other options keep the last.
        case repeatedText
    }

    /// What the command gets when the option is left out, as help shows it. Tables build it
    /// from the value the parser or the sync engine applies, never from a literal of their own.
    enum Default: Sendable, Equatable {
        case number(Int)
        case duration(seconds: Int)
        case text(String)
    }

    /// `--limit`; the parser also accepts `--limit=N`.
    let name: String
    /// `-q`: global options only.
    var shortName: String?
    let value: Value
    /// The value's name in help (`N`, `SECONDS`).
    var placeholder: String?
    /// The value's name in usage lines, where it is shorter than help's (`--label L`).
    var usagePlaceholder: String?
    var defaultValue: Default?
    /// Help's lines, wrapped as printed. `{default}`, `{range}` and `{choices}` stand for the
    /// declared default, count range and choices, so help shows the values the parser uses.
    let help: [String]
    /// The ways of calling the command it applies to, where the command has several; empty
    /// for all of them. Usage lines list it under those, and the parser refuses it elsewhere.
    var scopes: Set<UsageScope> = []
    /// Options of one group exclude each other: usage shows them as `[--a | --b]`, and the
    /// parser refuses two of them.
    var group: String?
    /// The stored names a text value completes to, asked of the database while completing.
    var storedValues: StoredName?

    func isNamed(_ text: String) -> Bool {
        text == name || text == shortName
    }

    /// The choice `text` is, in any case, as the table spells it; a usage error otherwise.
    func choice(_ text: String, command: CommandName?) throws(UsageError) -> String {
        guard case .choice(let choices) = value else { preconditionFailure("\(name) takes no choice") }
        guard let choice = choices.first(where: { $0 == text.lowercased() }) else {
            throw UsageError(message: "\(name) must be \(Value.list(choices)), not '\(text)'", command: command)
        }
        return choice
    }

    /// `-q`, `--quiet`: every name it is given by.
    var names: [String] { [shortName].compactMap { $0 } + [name] }

    /// What completes its value; nil for a flag, which takes none.
    var valueCompletion: ValueCompletion? {
        switch value {
        case .flag: return nil
        case .choice(let choices): return .words(choices)
        case .path: return .files
        case .count, .duration, .url, .text, .repeatedText: return storedValues.map(ValueCompletion.stored) ?? .anything
        }
    }
}

extension OptionSpec.Default {
    /// As help prints it: 60, 1d, https://api.github.com.
    var text: String {
        switch self {
        case .number(let number): return String(number)
        case .text(let text): return text
        case .duration(let seconds):
            // The largest unit that divides it, so that the text reads back as the same value.
            let units: [(Character, Int)] = [("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
            guard seconds > 0, let (unit, size) = units.first(where: { seconds % $0.1 == 0 }) else { return "0" }
            return "\(seconds / size)\(unit)"
        }
    }
}

extension OptionSpec.Value {
    /// "open, closed or all": choices as help and the parser's messages list them.
    static func list(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// One way of calling a command that has several: `sync` (the Pokémon and what they link, then
/// every repository and owner synced before), `sync issues OWNER/REPO`, `sync issues OWNER`.
enum UsageScope: Sendable, Hashable, CaseIterable {
    case catalog, repository, owner

    /// How an option that applies here alone is refused in another scope.
    var refusal: String {
        switch self {
        case .catalog: "applies to the Pokémon catalog, not to 'sync issues'"
        case .repository: "applies to 'sync issues OWNER/REPO' only"
        case .owner: "applies to 'sync issues OWNER' only"
        }
    }
}
