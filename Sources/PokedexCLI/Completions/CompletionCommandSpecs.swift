/// `pokedex completions SHELL`, and the hidden `pokedex __complete KIND PREFIX` its scripts call.
extension CommandSpec {
    static let completions = CommandSpec(
        name: .completions, abstract: ["Print a shell completion script: bash, zsh or fish."],
        overview: """
            Print the completion script for bash, zsh or fish. It completes commands, options
            and their values, and the names the local database holds (Pokémon, types,
            abilities, languages, repositories), which it asks pokedex for as you type. Save
            it where the shell looks for completions:

              pokedex completions bash > ~/.local/share/bash-completion/completions/pokedex
              pokedex completions zsh > ~/.zfunc/_pokedex
              pokedex completions fish > ~/.config/fish/completions/pokedex.fish

            (for zsh, a directory in $fpath before compinit runs), or load it in the running
            shell: source <(pokedex completions bash).
            """,
        usages: [Usage(arguments: Shell.allCases.map(\.rawValue).joined(separator: "|"))],
        options: [], argumentCompletions: [.words(Shell.allCases.map(\.rawValue))],
        build: { positionals, options throws(UsageError) in
            let shells = OptionSpec.Value.list(Shell.allCases.map(\.rawValue))
            guard let name = positionals.first else { throw options.failure("missing the shell (\(shells))") }
            guard positionals.count == 1 else { throw options.failure("unexpected argument '\(positionals[1])'") }
            guard let shell = Shell(rawValue: name) else {
                throw options.failure("pokedex completes \(shells), not '\(name.prefix(40))'")
            }
            return .completions(shell)
        })

    static let complete = CommandSpec(
        name: .complete, abstract: ["Print the stored names a completion script offers."],
        overview: """
            Print, one a line, the stored names of KIND (\(StoredName.allCases.map(\.rawValue).joined(separator: ", ")))
            that start with PREFIX, for the completion scripts. Prints nothing and exits 0 when
            anything fails.
            """,
        usages: [Usage(arguments: "KIND [PREFIX]")], options: [], isHidden: true,
        build: { positionals, _ in .complete(CompletionRequest(arguments: positionals)) })
}
