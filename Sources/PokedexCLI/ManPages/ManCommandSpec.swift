/// `pokedex man [COMMAND]`.
extension CommandSpec {
    static let man = CommandSpec(
        name: .man, abstract: ["Print the manual page of pokedex or a command (roff)."],
        overview: """
            Print the manual page of pokedex, pokedex(1), or of one command,
            pokedex-COMMAND(1), as roff, generated from the tables help prints. Save them
            where man looks for them:

              pokedex man > ~/.local/share/man/man1/pokedex.1
              pokedex man show > ~/.local/share/man/man1/pokedex-show.1

            or read one at once: man -l <(pokedex man show).
            """,
        usages: [Usage(arguments: "[COMMAND]")], options: [], argumentCompletions: [.commands],
        build: { positionals, options throws(UsageError) in
            guard positionals.count <= 1 else { throw options.failure("unexpected argument '\(positionals[1])'") }
            guard let topic = positionals.first else { return .man(nil) }
            let command = try ArgumentParser.parseCommandName(topic, usage: .man)
            // As with help, help's page is the tool's.
            return .man(command == .help ? nil : command)
        })
}
