import Testing
import TextUtilities

@testable import PokedexCLI

/// Today's help and usage texts, word for word: the option tables must render them unchanged.
enum GoldenHelp {
    /// The global options, which end every help text: all of them in the tool's and sync's.
    static let allGlobalOptions = """
          --db PATH               The database file (default: $POKEDEX_DB, else
                                  $XDG_DATA_HOME/pokedex/pokedex.sqlite, else
                                  ~/.local/share/pokedex/pokedex.sqlite).
          -q, --quiet             Print errors only.
          -v, --verbose           Print a line for each page synced.
        \(colorAndHelp)
        """

    /// The global options other commands' help lists: --verbose changes nothing for them.
    static let globalOptions = """
          --db PATH               The database file (default: $POKEDEX_DB, else
                                  $XDG_DATA_HOME/pokedex/pokedex.sqlite, else
                                  ~/.local/share/pokedex/pokedex.sqlite).
          -q, --quiet             Print errors only.
        \(colorAndHelp)
        """

    static let colorAndHelp = """
          --color WHEN            Colour and bold text (default: auto): always, never,
                                  or auto: only on a terminal, with NO_COLOR unset and
                                  TERM not dumb.
          -h, --help              Show help information.
          --version               Show the version.
        """

    /// `pokedex help`, `pokedex --help` and `pokedex help help`.
    static let tool = """
        OVERVIEW: An offline copy of PokeAPI and of GitHub repositories' issues, in
        SQLite.

        \(toolUsage)

        OPTIONS:
        \(allGlobalOptions)

        SUBCOMMANDS:
          sync                    Download PokeAPI and refresh the synced repositories;
                                  'sync issues OWNER/REPO' mirrors one repository's
                                  issues, 'sync issues OWNER' every repository of an
                                  owner.
          serve                   Serve the database as PokeAPI and GitHub (offline).
          status                  What the database holds, how its syncs went (offline).
          show                    Show one Pokémon's Pokédex entry (offline).
          list                    List Pokémon in id order (offline).
          type                    Show a type's damage relations and Pokémon (offline).
          ability                 Show an ability's effect and Pokémon (offline).
          move                    Show a move's data, machines and learners (offline).
          item                    Show an item's effect, holders, evolutions (offline).
          location                Show a place's areas and their Pokémon (offline).
          artwork                 Write a stored sprite or artwork as PNG (offline).
          get                     Print a stored PokeAPI body as it was sent (offline).
          issues                  List a repository's issues (offline).
          issue                   Show one issue or pull request (offline).
          repos                   List or forget stored GitHub repositories (offline).
          browse                  Browse the Pokédex or issues full screen (offline).
          completions             Print a shell completion script: bash, zsh or fish.
          man                     Print the manual page of pokedex or a command (roff).
          help                    Show help for a command.

          See 'pokedex help <subcommand>' for detailed help.
        """

    /// `pokedex help sync`.
    static let sync = """
        OVERVIEW: Download PokeAPI's Pokémon list and every listed Pokémon's details and
        encounters, then every other kind PokeAPI's root index lists (moves, items,
        locations, …), then refresh every GitHub repository and owner synced before; or,
        with 'issues OWNER/REPO', mirror one repository's issues, pull requests and
        comments, and with 'issues OWNER' every repository of that user or organization
        (remembered, so a later plain sync refreshes them all and picks up new ones).

        Pages are committed one at a time, so an interrupted sync keeps what it stored;
        SIGINT or SIGTERM stops it after the page being committed (exit 130 or 143).
        Stored Pokémon details younger than --max-age are reused; older ones are
        revalidated with their ETag. Then each Pokémon's sprite is stored (--artwork),
        from the image host, which never gets a credential; a host that cannot be
        reached has its images skipped for this run, and the sync still succeeds.
        Repositories are asked only for issues and comments updated since the newest one
        stored, with conditional requests, so a refresh where nothing changed costs
        three requests answered 304. Comments deleted upstream are found when their
        issue's comment count changes, and by a reconcile (--full, or when the last is
        older than --reconcile-every).

        On a terminal, a progress line is shown; otherwise a timestamped line per
        resource and one at the end (--quiet: errors only), for cron's mail. Each run is
        recorded: see 'pokedex status'.

        \(syncUsage)

        OPTIONS:
          --if-older-than DURATION
                                  Skip what synced successfully less than DURATION ago
                                  (90s, 30m, 6h, 2d, 1w); exit 0 when nothing is due.
          --max-age DURATION      Reuse stored details (of every kind) younger than this
                                  without a request; revalidate older ones (default: 1d;
                                  0 revalidates every one).
          --artwork KIND          Images to store with the data: none, sprites (default)
                                  or all. sprites: each Pokémon's sprite (what show
                                  draws); all adds shiny sprites and official artwork
                                  (large). Stored ones younger than --max-age are
                                  reused; older ones are revalidated with their ETag.
          --offset N              Start at the N-th list entry (default: 0).
          --limit N               Take at most N list entries (default: all).
          --resources KIND,…      Sync only these PokeAPI kinds, by their endpoints'
                                  names (move,item,pokemon-encounters,…), the kinds they
                                  are shown with, and no repository.
          --concurrency N         Detail downloads in flight, 1-64 (default: 8).
          --pokeapi-url URL       PokeAPI's base URL (default: $POKEAPI_BASE_URL, else
                                  https://pokeapi.co/api/v2). A token for it, if it
                                  wants one, comes from $POKEAPI_TOKEN.
          --github-url URL        GitHub's API URL (default: $GITHUB_API_URL, else
                                  https://api.github.com; Enterprise:
                                  https://HOST/api/v3). The token comes from
                                  $GITHUB_TOKEN, else $GH_TOKEN.
          --max-wait SECONDS      Wait at most this long for a GitHub rate limit to
                                  reset; past it, stop with exit status 75 (default:
                                  60).
          --full                  Reconcile the whole repository: read every issue and
                                  comment again and remove those GitHub no longer lists.
          --reconcile-every DURATION
                                  Reconcile a repository by itself when its last
                                  reconcile is older than this (default: 1w; 0 never).
          --include-forks         With OWNER: sync its forks too.
          --include-archived      With OWNER: sync its archived repositories too.
          --retries N             Retry a request that got no answer, a 5xx, 408 or 429,
                                  or a 200 that is not JSON, up to N times with
                                  exponential backoff (honouring Retry-After), 0-10
                                  (default: 4).
          --retry-wait SECONDS    Wait at most this long in all between the attempts of
                                  one request (default: 60).
          --timeout SECONDS       Give up on a request that receives nothing this long,
                                  or is not complete after 4 times this in all, and
                                  retry it (default: 10).
          --wait SECONDS          Wait this long for another sync of the same database
                                  to finish; past it, exit 75 (default: 0).
        \(allGlobalOptions)
        """

    /// `pokedex help status`.
    static let status = """
        OVERVIEW: Show the database's path, size and schema version, what it holds, the
        last successful and the last failed sync of each resource (with its error),
        whether a sync is running now, and GitHub's rate-limit budget as last seen.
        Never uses the network and never waits for a running sync.

        \(statusUsage)

        OPTIONS:
          --json                  Print JSON (keys: docs/json.md).
        \(globalOptions)
        """

    /// `pokedex help show`.
    static let show = """
        OVERVIEW: Show one Pokémon's entry from the local database: number, name and
        genus, generation, types, height and weight, abilities, the newest Pokédex text,
        the evolution line, weaknesses and resistances, base stats, gender ratio, egg
        groups, capture rate, varieties, the moves it learns and the places it is met in
        (of one game: --game), and artwork link. Never uses the network. On a terminal,
        the sprite 'sync' stored is drawn above the entry (--image).

        Accepts an id (25), a slug (pikachu) or a name as people write it in any stored
        language ("Mr. Mime", "Nidoran♀", "Farfetch’d", "Flabébé", ピカチュウ,
        ぴかちゅう, 피카츄): case, accents, punctuation, width and kana are folded.

        \(showUsage)

        OPTIONS:
          --lang CODE             Names and texts in this language, by PokeAPI's code
                                  (en, fr, de, ja, zh-hant, …; default: $POKEDEX_LANG,
                                  else en); English where a text is missing.
          --json                  Print JSON (keys: docs/json.md).
          --image WHEN            Draw the stored sprite above the entry (default:
                                  auto): always, never, or auto: only on a terminal,
                                  with NO_COLOR unset and TERM not dumb.
          --image-protocol NAME   Draw it with kitty, iterm2, truecolor or 256: kitty's
                                  graphics, iTerm2's inline images, or half blocks in
                                  24-bit or 256 colours (default: what the environment
                                  announces).
          --game GROUP            The game: a version group (red-blue, scarlet-violet)
                                  or a version in any language (Rot, 赤); default: the
                                  newest.
          --moves WHICH           Moves learnt otherwise than by level, summary
                                  (default) or all: counted per method or each named.
                                  --json lists them all.
        \(globalOptions)
        """

    /// `pokedex help list`.
    static let list = """
        OVERVIEW: List Pokémon from the local database in id order, a form beside its
        species' name (Raichu (Alola)). Never uses the network. When nothing stored
        matches, says so on stderr and exits 0.

        \(listUsage)

        OPTIONS:
          --offset N              Skip the first N Pokémon (default: 0).
          --limit N               Show at most N Pokémon (default: 20).
          --type TYPE             Only Pokémon of this type (e.g. electric, or its name
                                  in any stored language: Feuer, ほのお).
          --generation N          Only Pokémon of species introduced in generation N
                                  (1-99).
          --learns MOVE           Only Pokémon that learn this move (thunderbolt, or
                                  "Thunder Punch"), in any game or the one --game names.
          --game GROUP            With --learns: the game the move is learnt in, a
                                  version group (red-blue, scarlet-violet) or a version
                                  in any language (Rot, 赤).
          --lang CODE             Names and texts in this language, by PokeAPI's code
                                  (en, fr, de, ja, zh-hant, …; default: $POKEDEX_LANG,
                                  else en); English where a text is missing.
          --json                  Print a JSON array (keys: docs/json.md).
        \(globalOptions)
        """

    /// `pokedex help type`.
    static let type = """
        OVERVIEW: Show a type from the local database: the damage its moves deal to
        every type, the damage it takes from every type, and the stored Pokémon of that
        type. Accepts an id (10), a slug (fire) or the type's name in any stored
        language (Feuer, ほのお).

        \(typeUsage)

        OPTIONS:
          --lang CODE             Names and texts in this language, by PokeAPI's code
                                  (en, fr, de, ja, zh-hant, …; default: $POKEDEX_LANG,
                                  else en); English where a text is missing.
          --json                  Print JSON (keys: docs/json.md).
        \(globalOptions)
        """

    /// `pokedex help ability`.
    static let ability = """
        OVERVIEW: Show an ability from the local database: its effect and the stored
        Pokémon that have it, marking those for which it is a hidden ability. Accepts an
        id (9), a slug (static) or the ability's name in any stored language (Statik,
        せいでんき).

        \(abilityUsage)

        OPTIONS:
          --lang CODE             Names and texts in this language, by PokeAPI's code
                                  (en, fr, de, ja, zh-hant, …; default: $POKEDEX_LANG,
                                  else en); English where a text is missing.
          --json                  Print JSON (keys: docs/json.md).
        \(globalOptions)
        """

    /// `pokedex help artwork`.
    static let artwork = """
        OVERVIEW: Write the PNG stored for a Pokémon, byte for byte as the image host
        sent it: its sprite, or with --shiny or --official the images 'sync --artwork
        all' stores. To standard output (never to a terminal) or to -o FILE. Names and
        ids are looked up as 'show' does. Never uses the network.

        \(artworkUsage)

        OPTIONS:
          --official              The official artwork (stored by 'sync --artwork all').
          --shiny                 The shiny sprite (stored by 'sync --artwork all').
          -o, --output FILE       Write the PNG to FILE instead of standard output.
        \(globalOptions)
        """

    /// `pokedex help issues`.
    static let issues = """
        OVERVIEW: List a repository's stored issues, newest opened first. Never uses the
        network; run 'pokedex sync issues OWNER/REPO' first.

        \(issuesUsage)

        OPTIONS:
          --state STATE           open (default), closed or all.
          --label LABEL           Only issues with this label; repeat to require
                                  several.
          --author LOGIN          Only issues opened by this user.
          --search TEXT           Only issues whose title, body or one comment has every
                                  word of TEXT; a MATCHED column says which.
          --pulls                 Pull requests instead of issues.
          --all-kinds             Issues and pull requests.
          --limit N               Show at most N (default: 30).
          --offset N              Skip the first N.
          --json                  Print a JSON array (keys: docs/json.md).
        \(globalOptions)
        """

    /// `pokedex help issue`.
    static let issue = """
        OVERVIEW: Show one stored issue or pull request with its body, labels, milestone
        and state, then its comments in order, each with its author and time. Never uses
        the network.

        \(issueUsage)

        OPTIONS:
          --json                  Print JSON (keys: docs/json.md).
        \(globalOptions)
        """

    /// `pokedex help repos`.
    static let repos = """
        OVERVIEW: List every stored repository with its issues, pull requests and
        comments, when it last synced successfully and when it was last reconciled in
        full. Never uses the network.

        With --forget, remove a repository (OWNER/REPO), or an owner (OWNER) with every
        repository of it, and all that is stored of them: issues, comments, labels and
        the runs status shows, so a mistyped repository stops being listed. It says what
        it removes and asks first (--yes for scripts), waits for no sync (exit 75 while
        one writes), and removes it all in one transaction.

        \(reposUsage)

        OPTIONS:
          --json                  Print JSON (keys: docs/json.md).
          --forget OWNER/REPO|OWNER
                                  Remove a repository, or an owner and its repositories,
                                  with all their issues, comments and sync runs (asks
                                  first).
          --yes                   With --forget: remove without asking.
        \(globalOptions)
        """

    /// `pokedex help serve`.
    static let serve = """
        OVERVIEW: Answer PokeAPI's requests at /api/v2/ and GitHub's REST API's at
        /api/v3/ (GitHub Enterprise's layout) from the database, as those APIs answer
        them, so that apps, API clients and other pokedex syncs work without the
        network. Read-only: a sync may run meanwhile, and each request sees what it last
        committed. The first line on stderr is the URL served, then one line per request
        (-q: none). SIGINT or SIGTERM lets the requests in flight finish, then exits 0.
        See docs/serve.md.

        \(serveUsage)

        OPTIONS:
          --host ADDRESS          Listen on this IP address (default: 127.0.0.1, this
                                  machine only; 0.0.0.0 or :: for every interface, said
                                  on stderr).
          --port N                Listen on this port, 0 for any free one (default:
                                  8080).
          --base-url URL          Where served links point (list pages, bodies' links,
                                  Link headers, images), e.g. a proxy's URL (default:
                                  the address listened on).
          --include-private       Serve repositories that were synced as private too.
          --token-file FILE       Require 'Authorization: Bearer TOKEN' on every
                                  request, TOKEN being FILE's first line (default:
                                  $POKEDEX_SERVE_TOKEN, else none).
          --max-connections N     Serve at most N connections at once; past it, 503
                                  (default: 256).
          --timeout SECONDS       Close a connection idle this long, or whose request's
                                  head takes longer to arrive (default: 10).
          --threads N             Threads answering requests (default: 2).
        \(globalOptions)
        """

    /// The usage line of `serve`.
    static let serveUsage = """
        Usage: pokedex serve [--host ADDRESS] [--port N] [--base-url URL]
                             [--include-private] [--token-file FILE]
                             [--max-connections N] [--timeout SECONDS] [--threads N]
        """

    /// The usage line of `repos`.
    static let reposUsage = """
        Usage: pokedex repos [--json] [--forget NAME] [--yes]
        """

    /// The usage line of `pokedex`.
    static let toolUsage = """
        Usage: pokedex [--db PATH] [--quiet] [--verbose] <command> [options]
        """

    /// The usage line of `sync`.
    static let syncUsage = """
        Usage: pokedex sync [--if-older-than DURATION] [--max-age DURATION]
                            [--artwork none|sprites|all] [--offset N] [--limit N]
                            [--resources KIND,…] [--concurrency N] [--pokeapi-url URL]
                            [--github-url URL] [--max-wait SECONDS] [--full]
                            [--reconcile-every DURATION] [--retries N]
                            [--retry-wait SECONDS] [--timeout SECONDS] [--wait SECONDS]
               pokedex sync issues OWNER/REPO [--if-older-than DURATION]
                            [--github-url URL] [--max-wait SECONDS] [--full]
                            [--reconcile-every DURATION] [--retries N]
                            [--retry-wait SECONDS] [--timeout SECONDS] [--wait SECONDS]
               pokedex sync issues OWNER [--if-older-than DURATION] [--github-url URL]
                            [--max-wait SECONDS] [--full] [--reconcile-every DURATION]
                            [--include-forks] [--include-archived] [--retries N]
                            [--retry-wait SECONDS] [--timeout SECONDS] [--wait SECONDS]
        """

    /// The usage line of `status`.
    static let statusUsage = """
        Usage: pokedex status [--json]
        """

    /// The usage line of `show`.
    static let showUsage = """
        Usage: pokedex show <name-or-id> [--lang CODE] [--json]
                            [--image auto|always|never]
                            [--image-protocol kitty|iterm2|truecolor|256] [--game GROUP]
                            [--moves summary|all]
        """

    /// The usage line of `list`.
    static let listUsage = """
        Usage: pokedex list [--offset N] [--limit N] [--type TYPE] [--generation N]
                            [--learns MOVE] [--game GROUP] [--lang CODE] [--json]
        """

    /// The usage line of `type`.
    static let typeUsage = """
        Usage: pokedex type <name-or-id> [--lang CODE] [--json]
        """

    /// The usage line of `ability`.
    static let abilityUsage = """
        Usage: pokedex ability <name-or-id> [--lang CODE] [--json]
        """

    /// The usage line of `artwork`.
    static let artworkUsage = """
        Usage: pokedex artwork <name-or-id> [--official | --shiny] [--output FILE]
        """

    /// The usage line of `issues`.
    static let issuesUsage = """
        Usage: pokedex issues OWNER/REPO [--state open|closed|all] [--label L]...
                              [--author LOGIN] [--search TEXT] [--pulls | --all-kinds]
                              [--limit N] [--offset N] [--json]
        """

    /// The usage line of `issue`.
    static let issueUsage = """
        Usage: pokedex issue OWNER/REPO#NUMBER [--json]
               pokedex issue OWNER/REPO NUMBER [--json]
        """
}

@Suite("Help text")
struct HelpTextTests {
    @Test(
        "help for the tool and each command is exactly today's text",
        arguments: [
            (nil, GoldenHelp.tool), (.help, GoldenHelp.tool), (.sync, GoldenHelp.sync), (.status, GoldenHelp.status),
            (.show, GoldenHelp.show), (.list, GoldenHelp.list), (.type, GoldenHelp.type),
            (.ability, GoldenHelp.ability), (.artwork, GoldenHelp.artwork), (.issues, GoldenHelp.issues),
            (.issue, GoldenHelp.issue), (.repos, GoldenHelp.repos), (.serve, GoldenHelp.serve),
            (.browse, GoldenHelp.browse),
        ] as [(CommandName?, String)])
    func help(command: CommandName?, expected: String) {
        #expect(HelpText.help(command) == expected)
    }

    @Test(
        "usage lines are exactly today's",
        arguments: [
            (nil, GoldenHelp.toolUsage), (.help, GoldenHelp.toolUsage), (.sync, GoldenHelp.syncUsage),
            (.status, GoldenHelp.statusUsage), (.show, GoldenHelp.showUsage), (.list, GoldenHelp.listUsage),
            (.type, GoldenHelp.typeUsage), (.ability, GoldenHelp.abilityUsage), (.artwork, GoldenHelp.artworkUsage),
            (.issues, GoldenHelp.issuesUsage), (.issue, GoldenHelp.issueUsage), (.repos, GoldenHelp.reposUsage),
            (.serve, GoldenHelp.serveUsage), (.browse, GoldenHelp.browseUsage),
        ] as [(CommandName?, String)])
    func usageLine(command: CommandName?, expected: String) {
        #expect(HelpText.usageLine(command) == expected)
    }

    @Test("every line of help and usage fits 80 columns", arguments: [nil] + CommandName.allCases)
    func fitsEightyColumns(command: CommandName?) {
        for text in [HelpText.help(command), HelpText.usageLine(command)] {
            let wide = text.split(separator: "\n").filter { TerminalColumns.of($0) > 80 }
            #expect(wide.isEmpty, "\(wide)")
        }
    }
}
