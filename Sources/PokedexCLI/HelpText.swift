import PokedexSync

/// Help and usage texts, in the layout Swift command-line tools use.
enum HelpText {
    static func usageLine(_ command: CommandName?) -> String {
        switch command {
        case nil, .help?: return "Usage: pokedex [--db PATH] [--quiet] [--verbose] <command> [options]"
        case .sync?: return "Usage: pokedex sync [--pokeapi-url URL] [--offset N] [--limit N] [--concurrency N]"
        case .show?: return "Usage: pokedex show <name-or-id> [--json]"
        case .list?: return "Usage: pokedex list [--offset N] [--limit N] [--type TYPE] [--json]"
        }
    }

    static let globalOptions = """
          --db PATH               The database file (default: $POKEDEX_DB, else
                                  $XDG_DATA_HOME/pokedex/pokedex.sqlite, else
                                  ~/.local/share/pokedex/pokedex.sqlite).
          -q, --quiet             Print errors only.
          -v, --verbose           Print progress for each page.
          -h, --help              Show help information.
          --version               Show the version.
        """

    static func help(_ command: CommandName?) -> String {
        switch command {
        case nil, .help?:
            return """
                OVERVIEW: An offline copy of PokeAPI's Pokémon catalog in SQLite.

                \(usageLine(nil))

                OPTIONS:
                \(globalOptions)

                SUBCOMMANDS:
                  sync                    Download the Pokémon list and details into the database.
                  show                    Show one Pokémon (offline).
                  list                    List Pokémon in id order (offline).
                  help                    Show help for a command.

                  See 'pokedex help <subcommand>' for detailed help.
                """
        case .sync?:
            return """
                OVERVIEW: Download PokeAPI's Pokémon list and every listed Pokémon's details.

                Pages are committed one at a time, so an interrupted sync keeps what it stored.
                Details already stored are revalidated with their ETag and not downloaded again
                unless they changed.

                \(usageLine(.sync))

                OPTIONS:
                  --pokeapi-url URL       PokeAPI's base URL (default: $POKEAPI_BASE_URL, else
                                          \(PokeAPIEndpoint.defaultBaseURL)).
                  --offset N              Start at the N-th list entry (default: 0).
                  --limit N               Take at most N list entries (default: all).
                  --concurrency N         Detail downloads in flight, 1-\(ArgumentParser.maximumConcurrency) (default: \(CatalogSyncOptions.defaultConcurrency)).
                \(globalOptions)
                """
        case .show?:
            return """
                OVERVIEW: Show one Pokémon from the local database: id, types, abilities, base
                stats, height, weight and artwork link. Never uses the network.

                Accepts an id (25), a slug (pikachu) or a name as people write it ("Mr. Mime",
                "Nidoran♀", "Farfetch’d", "Flabébé"): case, accents and punctuation are folded.

                \(usageLine(.show))

                OPTIONS:
                  --json                  Print JSON (keys are listed in the README).
                \(globalOptions)
                """
        case .list?:
            return """
                OVERVIEW: List Pokémon from the local database in id order. Never uses the network.

                \(usageLine(.list))

                OPTIONS:
                  --offset N              Skip the first N Pokémon (default: 0).
                  --limit N               Show at most N Pokémon (default: 20).
                  --type TYPE             Only Pokémon of this type (e.g. electric).
                  --json                  Print a JSON array (keys are listed in the README).
                \(globalOptions)
                """
        }
    }
}
