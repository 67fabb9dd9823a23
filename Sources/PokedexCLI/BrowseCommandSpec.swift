import IssueStore

/// `pokedex browse`'s command line.
enum BrowseArguments {
    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        var browse = BrowseCommand(language: try LanguageOption.code(options))
        if positionals.first == "issues" {
            guard positionals.count <= 2 else { throw options.failure("unexpected argument '\(positionals[2])'") }
            browse.start = .issues(
                repository: try positionals.dropFirst().first.map { name throws(UsageError) in
                    try ArgumentParser.repository(name, command: .browse)
                })
        } else {
            browse.start = .pokedex(search: positionals.joined(separator: " "))
        }
        return .browse(browse)
    }
}

extension CommandSpec {
    static let browse = CommandSpec(
        name: .browse, abstract: ["Browse the Pokédex or issues full screen (offline)."],
        overview: """
            A full-screen terminal app over the local database. The Pokédex: the list on
            the left (number, name, types), the entry 'show' prints on the right, in
            sections (Tab or 1-5). Type to search names in every stored language, with
            type:fire, gen:1, ability:static and learns:thunderbolt; Enter on an evolution
            or a type goes there, Esc or Backspace goes back, ? lists the keys, q quits.
            'browse issues' goes from the synced repositories to their issues (type to
            filter: words as --search, state:all, label:bug, author:LOGIN) to a thread.

            Read-only, never uses the network, and shows within a second what a sync
            commits meanwhile. Needs a terminal on standard input and output (exit 64
            otherwise: use show, list, issues or issue) of at least 60×16.
            """,
        usages: [Usage(arguments: "[SEARCH]"), Usage(arguments: "issues [OWNER/REPO]")],
        options: [LanguageOption.spec],
        argumentCompletions: [.words(["issues"]), .stored(.repository)], build: BrowseArguments.command)
}
