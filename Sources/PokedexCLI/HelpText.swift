/// Help and usage texts, in the layout Swift command-line tools use, rendered from the
/// command and option tables.
enum HelpText {
    static func usageLine(_ command: CommandName?) -> String {
        guard let command, command != .help else {
            return "Usage: pokedex \(usage(GlobalOption.usage)) <command> [options]"
        }
        return "Usage: "
            + command.spec.usages.map { form in
                (["pokedex", command.rawValue] + [form.arguments].compactMap { $0 }
                    + [usage(command.spec.options(for: form))])
                    .filter { !$0.isEmpty }.joined(separator: " ")
            }.joined(separator: "\n       ")
    }

    /// Where a usage error points: the command's help, or the tool's.
    static func reference(_ command: CommandName?) -> String {
        switch command {
        case nil: return "pokedex --help"
        case .help?: return "pokedex help"
        case let command?: return "pokedex help \(command.rawValue)"
        }
    }

    static func help(_ command: CommandName?) -> String {
        guard let command, command != .help else {
            let globalOptions = rows(GlobalOption.allCases.map(\.spec))
            let subcommands = CommandName.visible.map { column($0.rawValue, $0.spec.abstract) }.joined(separator: "\n")
            return """
                OVERVIEW: \(GlobalOption.overview)

                \(usageLine(nil))

                OPTIONS:
                \(globalOptions)

                SUBCOMMANDS:
                \(subcommands)

                  See 'pokedex help <subcommand>' for detailed help.
                """
        }
        let spec = command.spec
        let globalOptions = rows(GlobalOption.listed(for: command))
        return """
            OVERVIEW: \(spec.overview)

            \(usageLine(command))

            OPTIONS:
            \([rows(spec.options), globalOptions].filter { !$0.isEmpty }.joined(separator: "\n"))
            """
    }

    /// Every command's usage lines, each wrapped to `width` columns under its command: the
    /// synopsis docs/commands.md shows.
    static func synopsis(width: Int) -> String {
        CommandName.visible.filter { $0 != .help }.flatMap { command in
            command.spec.usages.map { form in
                let start = "pokedex \(command.rawValue) " + (form.arguments.map { $0 + " " } ?? "")
                let indent = String(repeating: " ", count: "pokedex \(command.rawValue) ".count)
                var lines = [start.dropLast() + ""]
                for item in usageItems(command.spec.options(for: form)) {
                    if lines[lines.count - 1].count + 1 + item.count > width { lines.append(indent.dropLast() + "") }
                    lines[lines.count - 1] += " " + item
                }
                return lines.joined(separator: "\n")
            }
        }.joined(separator: "\n")
    }

    /// Options as usage lists them: each in brackets, a group's together (`[--a | --b]`).
    private static func usage(_ options: [OptionSpec]) -> String {
        usageItems(options).joined(separator: " ")
    }

    /// Each option rendered by `rendering` (help's text, a manual page's roff), in brackets.
    static func usageItems(
        _ options: [OptionSpec], rendering: (OptionSpec) -> String = { usage($0) }
    ) -> [String] {
        var items: [String] = []
        var index = options.startIndex
        while index < options.endIndex {
            let option = options[index]
            var end = index + 1
            while end < options.endIndex, let group = option.group, options[end].group == group { end += 1 }
            items.append(
                end - index > 1
                    ? "[" + options[index..<end].map(rendering).joined(separator: " | ") + "]"
                    : "[\(rendering(option))]" + (option.value == .repeatedText ? "..." : ""))
            index = end
        }
        return items
    }

    /// `--state open|closed|all`, `--label L`: names and choices through `literal`, the
    /// placeholder through `placeholder` (a manual page's bold and italics).
    static func usage(
        _ option: OptionSpec, literal: (String) -> String = { $0 }, placeholder: (String) -> String = { $0 }
    ) -> String {
        if case .choice(let choices) = option.value {
            return literal(option.name) + " " + choices.map(literal).joined(separator: "|")
        }
        let value = option.usagePlaceholder ?? option.placeholder
        return ([literal(option.name)] + [value.map(placeholder)].compactMap { $0 }).joined(separator: " ")
    }

    private static func rows(_ options: [OptionSpec]) -> String {
        options.map { option in
            let label =
                ([option.shortName].compactMap { $0 } + [option.name]).joined(separator: ", ")
                + (option.placeholder.map { " \($0)" } ?? "")
            return column(label, helpLines(option))
        }.joined(separator: "\n")
    }

    /// The option's help as printed: its declared values in place of the placeholders.
    static func helpLines(_ option: OptionSpec) -> [String] {
        option.help.map { fill($0, from: option) }
    }

    private static func fill(_ line: String, from option: OptionSpec) -> String {
        var line = line
        if let value = option.defaultValue { line = line.replacing("{default}", with: value.text) }
        switch option.value {
        case .count(let range):
            line = line.replacing("{range}", with: "\(range.lowerBound)-\(range.upperBound)")
        case .choice(let choices):
            let marked = choices.map { .text($0) == option.defaultValue ? "\($0) (default)" : $0 }
            line = line.replacing("{choices}", with: OptionSpec.Value.list(marked))
        case .flag, .duration, .url, .text, .path, .repeatedText:
            break
        }
        return line
    }

    /// A label in a 24-character column and its text beside it; a longer label gets a line of its own.
    private static func column(_ label: String, _ lines: [String]) -> String {
        let indent = String(repeating: " ", count: 26)
        let first =
            label.count <= 22
            ? "  " + label + String(repeating: " ", count: 24 - label.count)
            : "  " + label + "\n" + indent
        return first + lines.joined(separator: "\n" + indent)
    }
}
