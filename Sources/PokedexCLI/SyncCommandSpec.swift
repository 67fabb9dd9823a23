import IssueStore
import PokedexStore
import SyncSettings

/// `pokedex sync`'s options. Defaults the sync engine applies come from `SyncDefaults`, the
/// others from a fresh `SyncCommand`: what help shows is what the command gets.
enum SyncOptions {
    static let ifOlderThan = OptionSpec(
        name: "--if-older-than", value: .duration, placeholder: "DURATION",
        help: [
            "Skip what synced successfully less than DURATION ago",
            "(90s, 30m, 6h, 2d, 1w); exit 0 when nothing is due.",
        ])
    static let maximumAge = OptionSpec(
        name: "--max-age", value: .duration, placeholder: "DURATION",
        defaultValue: .duration(seconds: SyncCommand().maximumDetailAgeSeconds),
        help: [
            "Reuse stored details (of every kind) younger than this without a",
            "request; revalidate older ones (default: {default}; 0 revalidates",
            "every one).",
        ], scopes: [.catalog])
    static let artwork = OptionSpec(
        name: "--artwork", value: .choice(ArtworkSelection.allCases.map(\.rawValue)), placeholder: "KIND",
        defaultValue: .text(SyncCommand().artwork.rawValue),
        help: [
            "Images to store with the data: {choices}.",
            "sprites: each Pokémon's sprite (what show draws); all adds shiny",
            "sprites and official artwork (large). Stored ones younger than",
            "--max-age are reused; older ones are revalidated with their ETag.",
        ], scopes: [.catalog])
    static let pokeAPIURL = OptionSpec(
        name: "--pokeapi-url", value: .url, placeholder: "URL", defaultValue: .text(SyncDefaults.pokeAPIBaseURL),
        help: [
            "PokeAPI's base URL (default: $POKEAPI_BASE_URL, else", "{default}).",
            "A token for it, if it wants one, comes from $POKEAPI_TOKEN.",
        ], scopes: [.catalog])
    static let gitHubURL = OptionSpec(
        name: "--github-url", value: .url, placeholder: "URL", defaultValue: .text(SyncDefaults.gitHubBaseURL),
        help: [
            "GitHub's API URL (default: $GITHUB_API_URL, else",
            "{default}; Enterprise: https://HOST/api/v3).",
            "The token comes from $GITHUB_TOKEN, else $GH_TOKEN.",
        ])
    static let offset = SharedOptions.offset(
        default: .number(SyncCommand().offset),
        help: ["Start at the N-th list entry (default: {default})."], scopes: [.catalog])
    // Left out, the limit is nil: the whole list.
    static let limit = SharedOptions.limit(
        default: .text("all"),
        help: ["Take at most N list entries (default: {default})."], scopes: [.catalog])
    static let resources = OptionSpec(
        name: "--resources", value: .text, placeholder: "KIND,…",
        help: [
            "Sync only these PokeAPI kinds, by their endpoints' names",
            "(move,item,pokemon-encounters,…), the kinds they are shown",
            "with, and no repository.",
        ], scopes: [.catalog], storedValues: .kinds)
    static let concurrency = OptionSpec(
        name: "--concurrency", value: .count(1...ArgumentParser.maximumConcurrency), placeholder: "N",
        defaultValue: .number(SyncDefaults.concurrency),
        help: ["Detail downloads in flight, {range} (default: {default})."], scopes: [.catalog])
    static let maximumWait = OptionSpec(
        name: "--max-wait", value: .count(0...86_400), placeholder: "SECONDS",
        defaultValue: .number(SyncDefaults.maximumWaitSeconds),
        help: [
            "Wait at most this long for a GitHub rate limit to reset;",
            "past it, stop with exit status 75 (default: {default}).",
        ])
    static let lockWait = OptionSpec(
        name: "--wait", value: .count(0...86_400), placeholder: "SECONDS",
        defaultValue: .number(SyncCommand().lockWaitSeconds),
        help: [
            "Wait this long for another sync of the same database to",
            "finish; past it, exit 75 (default: {default}).",
        ])
    static let retries = OptionSpec(
        name: "--retries", value: .count(0...10), placeholder: "N", defaultValue: .number(SyncDefaults.retries),
        help: [
            "Retry a request that got no answer, a 5xx, 408 or 429, or a",
            "200 that is not JSON, up to N times with exponential backoff",
            "(honouring Retry-After), {range} (default: {default}).",
        ])
    static let retryWait = OptionSpec(
        name: "--retry-wait", value: .count(0...3_600), placeholder: "SECONDS",
        defaultValue: .number(SyncDefaults.retryWaitSeconds),
        help: [
            "Wait at most this long in all between the attempts of one",
            "request (default: {default}).",
        ])
    static let timeout = OptionSpec(
        name: "--timeout", value: .count(1...3_600), placeholder: "SECONDS",
        defaultValue: .number(SyncDefaults.requestTimeoutSeconds),
        help: [
            "Give up on a request that receives nothing this long, or is",
            "not complete after \(SyncDefaults.requestDeadlineMultiple) times this in all, and retry it",
            "(default: {default}).",
        ])

    static let full = OptionSpec(
        name: "--full", value: .flag,
        help: [
            "Reconcile the whole repository: read every issue and comment",
            "again and remove those GitHub no longer lists.",
        ])
    static let reconcileEvery = OptionSpec(
        name: "--reconcile-every", value: .duration, placeholder: "DURATION",
        defaultValue: .duration(seconds: SyncDefaults.reconcileAfterSeconds),
        help: [
            "Reconcile a repository by itself when its last reconcile is",
            "older than this (default: {default}; 0 never).",
        ])
    static let includeForks = OptionSpec(
        name: "--include-forks", value: .flag, help: ["With OWNER: sync its forks too."], scopes: [.owner])
    static let includeArchived = OptionSpec(
        name: "--include-archived", value: .flag, help: ["With OWNER: sync its archived repositories too."],
        scopes: [.owner])

    /// `--resources`' kinds, each one pokedex declares; nil when not given.
    static func resourceKinds(_ options: ParsedOptions) throws(UsageError) -> [String]? {
        guard let text = options.text(resources) else { return nil }
        let kinds = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.filter { !$0.isWhitespace }.lowercased()
        }
        let known = PokeAPIResources.all.map(\.kind.name)
        guard !kinds.contains(where: { $0.isEmpty }) else {
            throw options.failure("--resources needs kinds separated by commas, such as move,item")
        }
        if let unknown = kinds.first(where: { !known.contains($0) }) {
            // A near kind is the likely meaning (`moves`); the whole list only when none is near.
            let near = ArgumentParser.suggestion(unknown, among: known.sorted())
            throw options.failure(
                "--resources: no kind '\(unknown.prefix(60))'"
                    + (near.isEmpty ? " (kinds: \(known.sorted().joined(separator: ", ")))" : near))
        }
        return kinds
    }

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        var sync = SyncCommand()
        switch positionals.count {
        case 0: break
        case 2 where positionals[0] == "issues" && !positionals[1].contains("/"):
            guard GitHubRepositoryName.isOwner(positionals[1]) else {
                throw options.failure("'\(positionals[1].prefix(120))' is not a GitHub user or organization")
            }
            sync.owner = positionals[1]
        case 2 where positionals[0] == "issues":
            sync.repository = try ArgumentParser.repository(positionals[1], command: .sync)
        case 1 where positionals[0] == "issues":
            throw options.failure("missing OWNER/REPO or OWNER after 'issues'")
        case _ where positionals[0] == "issues":
            throw options.failure(
                "unexpected argument '\(positionals[2].prefix(120))': 'sync issues' takes one OWNER/REPO or OWNER")
        default:
            throw options.failure(
                "unexpected argument '\(positionals[0].prefix(120))' (did you mean 'sync issues OWNER/REPO'?)")
        }
        sync.pokeAPIURL = try options.url(pokeAPIURL)
        sync.githubURL = try options.url(gitHubURL)
        sync.offset = try options.count(offset) ?? sync.offset
        sync.limit = try options.count(limit)
        sync.resources = try resourceKinds(options)
        sync.concurrency = try options.count(concurrency)
        sync.maximumWaitSeconds = try options.count(maximumWait)
        sync.retries = try options.count(retries)
        sync.timeoutSeconds = try options.count(timeout)
        sync.retryWaitSeconds = try options.count(retryWait)
        sync.lockWaitSeconds = try options.count(lockWait) ?? sync.lockWaitSeconds
        if let seconds = try options.duration(ifOlderThan) {
            sync.ifOlderThanSeconds = seconds > 0 ? seconds : nil
        }
        sync.maximumDetailAgeSeconds = try options.duration(maximumAge) ?? sync.maximumDetailAgeSeconds
        // The choices are the selections' raw values.
        if let choice = try options.choice(artwork) { sync.artwork = ArtworkSelection(rawValue: choice)! }
        sync.fullReconcile = options.flag(full)
        sync.reconcileAfterSeconds = try options.duration(reconcileEvery)
        sync.includeForks = options.flag(includeForks)
        sync.includeArchived = options.flag(includeArchived)
        try options.refuseOutside(sync.owner != nil ? .owner : sync.repository != nil ? .repository : .catalog)
        return .sync(sync)
    }
}

extension CommandSpec {
    static let sync = CommandSpec(
        name: .sync,
        abstract: [
            "Download PokeAPI and refresh the synced repositories;",
            "'sync issues OWNER/REPO' mirrors one repository's issues,",
            "'sync issues OWNER' every repository of an owner.",
        ],
        overview: """
            Download PokeAPI's Pokémon list and every listed Pokémon's details and
            encounters, then every other kind PokeAPI's root index lists (moves, items,
            locations, …), then refresh every GitHub repository and owner synced before; or,
            with 'issues OWNER/REPO', mirror one repository's issues, pull requests and
            comments, and with 'issues OWNER' every repository of that user or organization
            (remembered, so a later plain sync refreshes them all and picks up new ones).

            Pages are committed one at a time, so an interrupted sync keeps what it stored;
            SIGINT or SIGTERM stops it after the page being committed (exit 130 or 143).
            Stored Pokémon details younger than --max-age are reused; older ones are
            revalidated with their ETag. Then each Pokémon's sprite is stored (--artwork),
            from the image host, which never gets a credential; a host that cannot be reached
            has its images skipped for this run, and the sync still succeeds. Repositories are
            asked only for issues and comments updated since the newest one stored, with
            conditional requests, so a refresh where nothing changed costs three requests
            answered 304. Comments deleted upstream are found when their issue's comment count
            changes, and by a reconcile (--full, or when the last is older than
            --reconcile-every).

            On a terminal, a progress line is shown; otherwise a timestamped line per resource
            and one at the end (--quiet: errors only), for cron's mail. Each run is recorded:
            see 'pokedex status'.
            """,
        usages: [
            Usage(scope: .catalog), Usage(arguments: "issues OWNER/REPO", scope: .repository),
            Usage(arguments: "issues OWNER", scope: .owner),
        ],
        // By what they concern: every sync, the Pokémon catalog, repositories, owners, requests.
        options: [
            SyncOptions.ifOlderThan, SyncOptions.maximumAge, SyncOptions.artwork, SyncOptions.offset,
            SyncOptions.limit, SyncOptions.resources, SyncOptions.concurrency, SyncOptions.pokeAPIURL,
            SyncOptions.gitHubURL,
            SyncOptions.maximumWait, SyncOptions.full, SyncOptions.reconcileEvery, SyncOptions.includeForks,
            SyncOptions.includeArchived, SyncOptions.retries, SyncOptions.retryWait, SyncOptions.timeout,
            SyncOptions.lockWait,
        ],
        argumentCompletions: [.words(["issues"]), .stored(.repository)], build: SyncOptions.command)
}
