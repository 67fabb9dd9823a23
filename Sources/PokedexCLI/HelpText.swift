/// Help and usage texts, in the layout Swift command-line tools use, rendered from the
/// command and option tables.
enum HelpText {
    /// The columns help and usage fill: a terminal has at least these, and a pipe or a file
    /// gets the same text.
    static let width = 80

    /// Each usage form on lines of at most ``width`` columns, an option never broken.
    static func usageLine(_ command: CommandName?) -> String {
        guard let command, command != .help else {
            return wrapped("Usage: pokedex", usageItems(GlobalOption.usage) + ["<command>", "[options]"], width: width)
        }
        return command.spec.usages.enumerated().map { index, form in
            usageForm(command, form, lead: index == 0 ? "Usage: " : "       ", width: width)
        }.joined(separator: "\n")
    }

    /// One way to call `command` after `lead`: its arguments, then its options, a line that
    /// would pass `width` continued under the word after the command.
    private static func usageForm(_ command: CommandName, _ form: CommandSpec.Usage, lead: String, width: Int)
        -> String
    {
        let start = lead + "pokedex \(command.rawValue)"
        return wrapped(
            ([start] + [form.arguments].compactMap { $0 }).joined(separator: " "),
            usageItems(command.spec.options(for: form)), width: width, indent: start.count + 1)
    }

    /// `start`, then `items` one space apart, a line that would pass `width` continued at
    /// `indent` (by default under the first item).
    private static func wrapped(_ start: String, _ items: [String], width: Int, indent: Int? = nil) -> String {
        let margin = String(repeating: " ", count: indent ?? start.count + 1)
        var lines = [start]
        for item in items {
            if lines[lines.count - 1].count + 1 + item.count > width {
                lines.append(margin + item)
            } else {
                lines[lines.count - 1] += " " + item
            }
        }
        return lines.joined(separator: "\n")
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
                \(refilled("OVERVIEW: " + GlobalOption.overview))

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
            \(refilled("OVERVIEW: " + spec.overview))

            \(usageLine(command))

            OPTIONS:
            \([rows(spec.options), globalOptions].filter { !$0.isEmpty }.joined(separator: "\n"))
            """
    }

    /// Every command's usage lines, each wrapped to `width` columns under its command: the
    /// synopsis docs/commands.md shows.
    static func synopsis(width: Int) -> String {
        CommandName.visible.filter { $0 != .help }.flatMap { command in
            command.spec.usages.map { usageForm(command, $0, lead: "", width: width) }
        }.joined(separator: "\n")
    }

    /// Paragraphs (a blank line between) refilled to ``width`` columns; one of indented lines
    /// (commands to copy) kept as written.
    static func refilled(_ text: String) -> String {
        text.split(separator: "\n\n", omittingEmptySubsequences: false).map { paragraph in
            guard !paragraph.hasPrefix(" ") else { return String(paragraph) }
            let words = paragraph.split(separator: "\n").joined(separator: " ")
            return LineWrapping.lines(words, width: width).joined(separator: "\n")
        }.joined(separator: "\n\n")
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

    /// A label in a 24-character column and its text beside it, refilled to ``width``; a longer
    /// label gets a line of its own.
    private static func column(_ label: String, _ lines: [String]) -> String {
        let indent = String(repeating: " ", count: 26)
        let first =
            label.count <= 22
            ? "  " + label + String(repeating: " ", count: 24 - label.count)
            : "  " + label + "\n" + indent
        return first
            + LineWrapping.lines(lines.joined(separator: " "), width: width - 26).joined(separator: "\n" + indent)
    }
}
