/// `pokedex status` and `pokedex help`, the commands with the fewest arguments.
extension CommandSpec {
    static let status = CommandSpec(
        name: .status, abstract: ["What the database holds, how its syncs went (offline)."],
        overview: """
            Show the database's path, size and schema version, what it holds, the last
            successful and the last failed sync of each resource (with its error), whether a
            sync is running now, and GitHub's rate-limit budget as last seen. Never uses the
            network and never waits for a running sync.
            """,
        usages: [Usage()],
        options: [SharedOptions.json],
        build: { positionals, options throws(UsageError) in
            if let extra = positionals.first { throw options.failure("unexpected argument '\(extra)'") }
            return .status(StatusCommand(json: options.flag(SharedOptions.json)))
        })

    static let help = CommandSpec(
        name: .help, abstract: ["Show help for a command."], overview: "", usages: [], options: [],
        argumentCompletions: [.commands],
        build: { positionals, options throws(UsageError) in
            guard positionals.count <= 1 else { throw options.failure("unexpected argument '\(positionals[1])'") }
            guard let topic = positionals.first else { return .help(nil) }
            return .help(try ArgumentParser.parseCommandName(topic, usage: .help))
        })
}
