/// The options a command line gave one command, read through their specs: each accessor
/// checks the text the way the spec's value says, with the messages users know.
///
/// Values are checked when the command asks for them, not as they are read, so each command
/// reports problems in its own order, and only the last of repeated values is checked.
struct ParsedOptions {
    let command: CommandName
    /// Each option's values by name, in the order given.
    let values: [String: [String]]
    let flags: Set<String>

    func isGiven(_ spec: OptionSpec) -> Bool {
        values[spec.name] != nil || flags.contains(spec.name)
    }

    func flag(_ spec: OptionSpec) -> Bool {
        flags.contains(spec.name)
    }

    /// The last value given: repeating an option overrides it.
    func text(_ spec: OptionSpec) -> String? {
        values[spec.name]?.last
    }

    /// Every value of a repeatable option.
    func texts(_ spec: OptionSpec) -> [String] {
        values[spec.name] ?? []
    }

    func count(_ spec: OptionSpec) throws(UsageError) -> Int? {
        guard case .count(let range) = spec.value else { preconditionFailure("\(spec.name) takes no count") }
        guard let text = text(spec) else { return nil }
        let outOfRange = failure(
            "\(spec.name) must be between \(range.lowerBound) and \(range.upperBound), not \(text)")
        let isDigits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isDigits(text[...]) else {
            // A negative number is a whole number out of range: the range says what is taken.
            if text.hasPrefix("-"), isDigits(text.dropFirst()) { throw outOfRange }
            throw failure("\(spec.name) needs a whole number, not '\(text)'")
        }
        guard let value = Int(text), range.contains(value) else { throw outOfRange }
        return value
    }

    /// In seconds.
    func duration(_ spec: OptionSpec) throws(UsageError) -> Int? {
        guard let text = text(spec) else { return nil }
        guard let seconds = DurationText.seconds(text) else {
            guard !DurationText.isBeyondMaximum(text) else {
                throw failure("\(spec.name) is at most ten years (3650d), not '\(text)'")
            }
            throw failure("\(spec.name) needs a duration such as 90s, 30m, 6h, 2d or 1w, not '\(text)'")
        }
        return seconds
    }

    /// Only its shape is checked here; the sync binary parses it with Foundation.
    func url(_ spec: OptionSpec) throws(UsageError) -> String? {
        guard let text = text(spec) else { return nil }
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), text.count > 8,
            !text.contains(where: { $0.isWhitespace })
        else {
            throw failure("\(spec.name) needs an http:// or https:// URL, not '\(text)'")
        }
        return text
    }

    /// The choice given, as the table spells it.
    func choice(_ spec: OptionSpec) throws(UsageError) -> String? {
        guard let text = text(spec) else { return nil }
        return try spec.choice(text, command: command)
    }

    /// Refuses the first option given, in the command's order, that does not apply to `scope`.
    func refuseOutside(_ scope: UsageScope) throws(UsageError) {
        guard
            let option = command.spec.options.first(where: {
                isGiven($0) && !$0.scopes.isEmpty && !$0.scopes.contains(scope)
            })
        else { return }
        let refusal =
            option.scopes.count == 1
            ? option.scopes.first!.refusal
            : "does not apply here"
        throw failure("\(option.name) \(refusal)")
    }

    /// Refuses two options of one group (`--pulls` and `--all-kinds`).
    func refuseExclusive() throws(UsageError) {
        let given = command.spec.options.filter { $0.group != nil && isGiven($0) }
        for (index, option) in given.enumerated() {
            if let other = given[(index + 1)...].first(where: { $0.group == option.group }) {
                throw failure("\(option.name) and \(other.name) exclude each other")
            }
        }
    }

    func failure(_ message: String) -> UsageError {
        UsageError(message: message, command: command)
    }
}
