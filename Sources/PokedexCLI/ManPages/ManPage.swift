import LocalDatabase

/// `pokedex man`: manual pages in roff, generated from the command table help prints:
/// pokedex(1), with the commands, the environment, the files and the exit statuses, and
/// pokedex-COMMAND(1) for each command.
enum ManPage {
    /// The tool's page for nil, else the command's.
    static func page(_ command: CommandSpec?, _ table: CommandTable) -> String {
        guard let command else { return toolPage(table) }
        let name = "pokedex-" + command.name.rawValue
        return [
            header(name),
            section("NAME", Roff.literal(name) + " \\- " + Roff.text(nameLine(command.abstract))),
            section("SYNOPSIS", command.usages.map { usage in synopsis(usage, command) }.joined(separator: "\n")),
            section("DESCRIPTION", paragraphs(command.overview)),
            section("OPTIONS", options(table.options(of: command))),
            section("SEE ALSO", Roff.bold("pokedex") + "(1)"),
        ].joined(separator: "\n")
    }

    private static func toolPage(_ table: CommandTable) -> String {
        let usage = HelpText.usageItems(table.usageOptions, rendering: roffUsage).map(unbreakable)
        let commands = table.commands.map { command in
            let page = command.name == .help ? "" : "\nSee " + Roff.bold("pokedex-" + command.name.rawValue) + "(1)."
            return ".TP\n" + Roff.bold(command.name.rawValue) + "\n" + Roff.lines(command.abstract) + page
        }
        let environment = EnvironmentVariables.all.map { entry in
            ".TP\n" + entry.names.map(Roff.bold).joined(separator: ", ") + "\n" + Roff.text(entry.meaning)
        }
        let exitStatuses = ExitCode.allCases.map { code in
            ".TP\n" + Roff.bold(String(code.rawValue)) + "\n" + Roff.text(code.meaning)
        }
        let seeAlso = table.commands.filter { $0.name != .help }.map {
            ".BR " + Roff.literal("pokedex-" + $0.name.rawValue) + " (1),"
        }
        return [
            header("pokedex"),
            section(
                "NAME", "pokedex \\- " + Roff.text(nameLine(table.overview.split(separator: "\n").map(String.init)))),
            section(
                "SYNOPSIS",
                [
                    synopsis(usage + [Roff.italic("command"), "[" + Roff.italic("options") + "]"]),
                    synopsis([Roff.bold("help"), "[" + Roff.italic("command") + "]"]),
                    synopsis([Roff.bold("--version")]),
                ].joined(separator: "\n")),
            section(
                "DESCRIPTION",
                paragraphs(table.overview) + "\n.PP\n"
                    + Roff.text("Each command has a manual page of its own, pokedex-COMMAND(1), and")
                    + "\n" + Roff.bold("pokedex help") + " " + Roff.italic("command") + " prints its options."),
            section("COMMANDS", commands.joined(separator: "\n")),
            section("OPTIONS", options(table.globalOptions)),
            section("ENVIRONMENT", environment.joined(separator: "\n")),
            section("FILES", files),
            section("EXIT STATUS", exitStatuses.joined(separator: "\n")),
            section("SEE ALSO", (seeAlso + [".BR sqlite3 (1)"]).joined(separator: "\n")),
        ].joined(separator: "\n")
    }

    private static var files: String {
        [
            ".TP",
            Roff.italic("~/.local/share/pokedex/pokedex.sqlite"),
            Roff.text("The database, unless --db, POKEDEX_DB or XDG_DATA_HOME names another; beside it, its"),
            Roff.text("-wal and -shm files, and the lock file a sync holds, DATABASE.lock."),
            ".TP",
            Roff.italic("pokedex-sync"),
            Roff.text("Runs sync, which pokedex hands over to it: installed in the same directory."),
            ".TP",
            Roff.italic("pokedex-serve"),
            Roff.text("Runs serve, the same way."),
        ].joined(separator: "\n")
    }

    /// `.TH`: the page's title and section, and the version it documents. No date: the page is
    /// the same whenever it is generated. Then ragged right, so that lines holding a long path
    /// are not spread out.
    private static func header(_ name: String) -> String {
        let title = Roff.literal(name.uppercased())
        return ".TH \"\(title)\" 1 \"\" \"\(Roff.text("pokedex \(PokedexVersion.current)"))\" \"pokedex manual\"\n.ad l"
    }

    private static func section(_ title: String, _ body: String) -> String {
        ".SH \"\(title)\"\n" + body
    }

    /// NAME's description, as whatis lists it: one line, lower case first, no final period.
    private static func nameLine(_ lines: [String]) -> String {
        var text = lines.joined(separator: " ")
        if text.hasSuffix(".") { text.removeLast() }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// One usage line: the command, its arguments (literal words in bold, placeholders in
    /// italics), its options.
    private static func synopsis(_ usage: CommandSpec.Usage, _ command: CommandSpec) -> String {
        let arguments = (usage.arguments ?? "").split(separator: " ").map { word in
            word.contains(where: { $0.isUppercase || $0 == "<" }) ? Roff.italic(String(word)) : Roff.bold(String(word))
        }
        let options = HelpText.usageItems(command.options(for: usage), rendering: roffUsage).map(unbreakable)
        return synopsis([Roff.bold(command.name.rawValue)] + arguments + options)
    }

    private static func synopsis(_ items: [String]) -> String {
        ([".SY pokedex"] + items + [".YS"]).joined(separator: "\n")
    }

    private static func roffUsage(_ option: OptionSpec) -> String {
        HelpText.usage(option, literal: Roff.bold, placeholder: Roff.italic)
    }

    /// A usage item kept on one line (`[--lang CODE]`).
    private static func unbreakable(_ item: String) -> String {
        item.replacing(" ", with: "\\ ")
    }

    /// The overview's paragraphs; a paragraph of indented lines (commands to type) kept as it is.
    private static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n\n").map { paragraph in
            let lines = paragraph.split(separator: "\n").map(String.init)
            guard lines.allSatisfy({ $0.hasPrefix("  ") }) else { return ".PP\n" + Roff.lines(lines) }
            return ".PP\n.RS 4\n.nf\n" + Roff.lines(lines) + "\n.fi\n.RE"
        }.joined(separator: "\n")
    }

    /// `.TP` entries: the option's names and placeholder, then its help as help prints it.
    private static func options(_ options: [OptionSpec]) -> String {
        options.map { option in
            let tag =
                option.names.map(Roff.bold).joined(separator: ", ")
                + (option.placeholder.map { " " + Roff.italic($0) } ?? "")
            return ".TP\n" + tag + "\n" + Roff.lines(HelpText.helpLines(option))
        }.joined(separator: "\n")
    }
}
