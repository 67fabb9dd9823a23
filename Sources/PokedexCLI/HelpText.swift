
/// Help and usage texts, in the layout Swift command-line tools use.
enum HelpText {
    static func usageLine(_ command: CommandName?) -> String {
        switch command {
        case nil, .help?: return "Usage: pokedex [--db PATH] [--quiet] [--verbose] <command> [options]"
        case .sync?:
            return "Usage: pokedex sync [--if-older-than DURATION] [--max-age DURATION] [--offset N] [--limit N] "
                + "[--concurrency N] [--retries N] [--retry-wait SECONDS] [--timeout SECONDS] [--wait SECONDS] "
                + "[--pokeapi-url URL] [--github-url URL]\n"
                + "       pokedex sync issues OWNER/REPO [--if-older-than DURATION] [--github-url URL] "
                + "[--max-wait SECONDS] [--retries N] [--retry-wait SECONDS] [--timeout SECONDS] [--wait SECONDS]"
        case .status?: return "Usage: pokedex status [--json]"
        case .show?: return "Usage: pokedex show <name-or-id> [--json]"
        case .list?: return "Usage: pokedex list [--offset N] [--limit N] [--type TYPE] [--json]"
        case .issues?:
            return "Usage: pokedex issues OWNER/REPO [--state open|closed|all] [--label L]... [--author LOGIN] "
                + "[--search TEXT] [--pulls | --all-kinds] [--limit N] [--offset N] [--json]"
        case .issue?: return "Usage: pokedex issue OWNER/REPO#NUMBER [--json]"
        }
    }

    static let globalOptions = """
          --db PATH               The database file (default: $POKEDEX_DB, else
                                  $XDG_DATA_HOME/pokedex/pokedex.sqlite, else
                                  ~/.local/share/pokedex/pokedex.sqlite).
          -q, --quiet             Print errors only.
          -v, --verbose           Print a line for each page synced.
          -h, --help              Show help information.
          --version               Show the version.
        """

    static func help(_ command: CommandName?) -> String {
        switch command {
        case nil, .help?:
            return """
                OVERVIEW: An offline copy of PokeAPI's Pokémon catalog and of GitHub repositories'
                issues, in SQLite.

                \(usageLine(nil))

                OPTIONS:
                \(globalOptions)

                SUBCOMMANDS:
                  sync                    Download the Pokémon catalog and refresh synced repositories;
                                          'sync issues OWNER/REPO' mirrors one repository's issues.
                  status                  What the database holds and how its syncs went (offline).
                  show                    Show one Pokémon (offline).
                  list                    List Pokémon in id order (offline).
                  issues                  List a repository's issues (offline).
                  issue                   Show one issue or pull request (offline).
                  help                    Show help for a command.

                  See 'pokedex help <subcommand>' for detailed help.
                """
        case .sync?:
            return """
                OVERVIEW: Download PokeAPI's Pokémon list and every listed Pokémon's details, then
                refresh every GitHub repository synced before; or, with 'issues OWNER/REPO', mirror
                one repository's issues and pull requests.

                Pages are committed one at a time, so an interrupted sync keeps what it stored;
                SIGINT or SIGTERM stops it after the page being committed (exit 130 or 143).
                Stored Pokémon details younger than --max-age are reused; older ones are
                revalidated with their ETag. Repositories are asked only for issues updated since
                the newest one stored, with conditional requests, so a refresh where nothing
                changed costs two requests answered 304.

                On a terminal, a progress line is shown; otherwise only timestamped start, end and
                error lines, for cron's mail. Each run is recorded: see 'pokedex status'.

                \(usageLine(.sync))

                OPTIONS:
                  --if-older-than DURATION
                                          Skip what synced successfully less than DURATION ago
                                          (90s, 30m, 6h, 2d, 1w); exit 0 when nothing is due.
                  --max-age DURATION      Reuse stored Pokémon details younger than this without a
                                          request; revalidate older ones (default: 1d; 0 revalidates
                                          every one).
                  --pokeapi-url URL       PokeAPI's base URL (default: $POKEAPI_BASE_URL, else
                                          \(SyncDefaults.pokeAPIBaseURL)).
                  --github-url URL        GitHub's API URL (default: $GITHUB_API_URL, else
                                          \(SyncDefaults.gitHubBaseURL); Enterprise: https://HOST/api/v3).
                                          The token comes from $GITHUB_TOKEN, else $GH_TOKEN.
                  --offset N              Start at the N-th list entry (default: 0).
                  --limit N               Take at most N list entries (default: all).
                  --concurrency N         Detail downloads in flight, 1-\(ArgumentParser.maximumConcurrency) (default: \(SyncDefaults.concurrency)).
                  --max-wait SECONDS      Wait at most this long for a GitHub rate limit to reset;
                                          past it, stop with exit status 75 (default: 60).
                  --wait SECONDS          Wait this long for another sync of the same database to
                                          finish; past it, exit 75 (default: 0).
                  --retries N             Retry a request that got no answer, a 5xx, 408 or 429, or a
                                          200 that is not JSON, up to N times with exponential backoff
                                          (honouring Retry-After), 0-10 (default: 4).
                  --retry-wait SECONDS    Wait at most this long in all between the attempts of one
                                          request (default: \(SyncDefaults.retryWaitSeconds)).
                  --timeout SECONDS       Give up on a request that takes longer, and retry it
                                          (default: \(SyncDefaults.requestTimeoutSeconds)).
                \(globalOptions)
                """
        case .status?:
            return """
                OVERVIEW: Show the database's path, size and schema version, what it holds, the last
                successful and the last failed sync of each resource (with its error), whether a
                sync is running now, and GitHub's rate-limit budget as last seen. Never uses the
                network and never waits for a running sync.

                \(usageLine(.status))

                OPTIONS:
                  --json                  Print JSON (keys are listed in the README).
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
        case .issues?:
            return """
                OVERVIEW: List a repository's stored issues, newest first. Never uses the network;
                run 'pokedex sync issues OWNER/REPO' first.

                \(usageLine(.issues))

                OPTIONS:
                  --state STATE           open (default), closed or all.
                  --label LABEL           Only issues with this label; repeat to require several.
                  --author LOGIN          Only issues opened by this user.
                  --search TEXT           Only issues whose title or body has every word of TEXT.
                  --pulls                 Pull requests instead of issues.
                  --all-kinds             Issues and pull requests.
                  --limit N               Show at most N (default: 30).
                  --offset N              Skip the first N.
                  --json                  Print a JSON array (keys are listed in the README).
                \(globalOptions)
                """
        case .issue?:
            return """
                OVERVIEW: Show one stored issue or pull request with its body, labels, milestone and
                state. Never uses the network.

                \(usageLine(.issue))

                OPTIONS:
                  --json                  Print JSON (keys are listed in the README).
                \(globalOptions)
                """
        }
    }
}
