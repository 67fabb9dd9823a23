import PokedexStore
import Testing

@testable import IssueStore
@testable import PokedexCLI

@Suite("Argument parsing")
struct ArgumentParserTests {
    func parse(_ line: String) throws -> Invocation {
        try ArgumentParser.parse(line.split(separator: " ").map(String.init))
    }

    @Test("global options are accepted before or after the command")
    func globalOptionsAnywhere() throws {
        let before = try parse("--db /tmp/a.sqlite --quiet show pikachu")
        let after = try parse("show pikachu --db /tmp/a.sqlite --quiet")
        let inline = try parse("show --db=/tmp/a.sqlite -q pikachu")
        let expected = Invocation(
            global: GlobalOptions(databasePath: "/tmp/a.sqlite", quiet: true),
            command: .show(ShowCommand(query: "pikachu")))
        #expect(before == expected && after == expected && inline == expected)
    }

    @Test("sync options")
    func syncOptions() throws {
        let invocation = try parse(
            "sync --offset 24 --limit=21 --concurrency 3 --pokeapi-url http://127.0.0.1:9/api/v2 -v")
        #expect(invocation.global.verbose)
        #expect(
            invocation.command
                == .sync(
                    SyncCommand(
                        pokeAPIURL: "http://127.0.0.1:9/api/v2", offset: 24,
                        limit: 21, concurrency: 3)))
        #expect(try parse("sync").command == .sync(SyncCommand()))
        var retrying = SyncCommand(retries: 6, timeoutSeconds: 5)
        retrying.retryWaitSeconds = 120
        #expect(try parse("sync --retries 6 --timeout 5 --retry-wait 120").command == .sync(retrying))
        var cron = SyncCommand(lockWaitSeconds: 600)
        cron.ifOlderThanSeconds = 6 * 3_600
        cron.maximumDetailAgeSeconds = 0
        #expect(try parse("sync --if-older-than 6h --max-age 0 --wait 600").command == .sync(cron))
        #expect(try parse("status --json").command == .status(StatusCommand(json: true)))
    }

    @Test("list and show options")
    func queryOptions() throws {
        #expect(
            try parse("list --offset 24 --limit 21 --json --type Electric").command
                == .list(ListCommand(offset: 24, limit: 21, type: "electric", json: true)))
        #expect(try parse("list").command == .list(ListCommand()))
        #expect(try parse("show 25 --json").command == .show(ShowCommand(query: "25", json: true)))
        #expect(try ArgumentParser.parse(["show", "Mr. Mime"]).command == .show(ShowCommand(query: "Mr. Mime")))
        #expect(try ArgumentParser.parse(["show", "--", "-x"]).command == .show(ShowCommand(query: "-x")))
    }

    @Test("artwork: the kind, -o or --output, the name looked up later")
    func artworkOptions() throws {
        #expect(try parse("artwork pikachu").command == .artwork(ArtworkCommand(query: "pikachu")))
        #expect(
            try parse("artwork 25 --shiny -o /tmp/p.png").command
                == .artwork(ArtworkCommand(query: "25", kind: .shiny, outputPath: "/tmp/p.png")))
        #expect(
            try parse("artwork --output=/tmp/o.png pikachu --official").command
                == .artwork(ArtworkCommand(query: "pikachu", kind: .official, outputPath: "/tmp/o.png")))
    }

    @Test("sync --artwork and show --image, --image-protocol")
    func imageOptions() throws {
        var all = SyncCommand()
        all.artwork = .all
        #expect(try parse("sync --artwork ALL").command == .sync(all))
        #expect(SyncCommand().artwork == .sprites, "sprites by default")
        var never = ShowCommand(query: "pikachu")
        never.image = .never
        #expect(try parse("show pikachu --image never").command == .show(never))
        var forced = ShowCommand(query: "pikachu")
        forced.image = .always
        forced.imageProtocol = .ansi256
        #expect(try parse("show pikachu --image always --image-protocol 256").command == .show(forced))
    }

    @Test("help and version")
    func helpAndVersion() throws {
        #expect(try parse("--help").command == .help(nil))
        #expect(try ArgumentParser.parse([]).command == .help(nil))
        #expect(try parse("help").command == .help(nil))
        #expect(try parse("help sync").command == .help(.sync))
        #expect(try parse("sync --help").command == .help(.sync))
        #expect(try parse("list -h --limit 0").command == .help(.list))
        #expect(try parse("--version").command == .version)
    }

    @Test("issues and sync issues options")
    func repositoryOptions() throws {
        let repository = try #require(GitHubRepositoryName("o/r"))
        var issues = IssuesCommand(repository: repository, json: true)
        issues.filter.state = .closed
        issues.filter.labels = ["bug", "ui"]
        issues.filter.author = "octocat"
        issues.filter.search = "crash"
        issues.filter.kinds = .pullRequests
        issues.filter.limit = 5
        issues.filter.offset = 2
        #expect(
            try parse(
                "issues o/r --state CLOSED --label bug --label=ui --author octocat --search crash --pulls "
                    + "--limit 5 --offset 2 --json"
            ).command == .issues(issues))
        var allKinds = IssuesCommand(repository: repository)
        allKinds.filter.kinds = .all
        #expect(try parse("issues o/r --all-kinds").command == .issues(allKinds))
        #expect(try parse("issues o/r").command == .issues(IssuesCommand(repository: repository)))
        #expect(
            try parse("issue o/r#7 --json").command
                == .issue(IssueCommand(repository: repository, number: 7, json: true)))
        for typed in ["issue o/r 7", "issue o/r #7"] {
            #expect(try parse(typed).command == .issue(IssueCommand(repository: repository, number: 7)), "\(typed)")
        }
        // --if-older-than 0 is the same as leaving it out.
        let sync = SyncCommand(
            repository: repository, githubURL: "http://127.0.0.1:9", maximumWaitSeconds: 5,
            lockWaitSeconds: 3)
        #expect(
            try parse("sync issues o/r --github-url http://127.0.0.1:9 --max-wait 5 --wait 3 --if-older-than 0")
                .command == .sync(sync))
    }

    @Test("today's quirks: the last value wins; --version anywhere, unless a command's --help is asked too")
    func quirks() throws {
        #expect(try parse("list --limit abc --limit 3").command == .list(ListCommand(limit: 3)))
        #expect(try parse("list --version").command == .version)
        #expect(try parse("sync --version").command == .version)
        #expect(try parse("--db x.db status --version").command == .version)
        #expect(try parse("--version --help").command == .version)
        #expect(try parse("list --help --version").command == .help(.list))
        #expect(try parse("help sync --version").command == .help(.sync))
        #expect(try parse("--help list").command == .help(.list))
        #expect(try parse("help --help").command == .help(nil))
        #expect(try parse("show -").command == .show(ShowCommand(query: "-")))
    }

    @Test(
        "usage errors name the problem",
        arguments: [
            ("frobnicate", "unknown command 'frobnicate'"),
            ("sycn", "did you mean 'sync'?"),
            ("list --lmit 3", "did you mean '--limit'?"),
            ("list --limit", "--limit needs a value"),
            ("list --limit -3", "--limit must be between 1 and 10000000, not -3"),
            ("list --limit 0", "--limit must be between 1 and 10000000, not 0"),
            ("list --limit abc", "--limit needs a whole number, not 'abc'"),
            ("list --limit 3.5", "needs a whole number"),
            ("list --limit 99999999999999999999999", "must be between"),
            ("list --offset -1", "--offset must be between 0 and 10000000, not -1"),
            ("list --offset ５", "needs a whole number"),
            ("sync --resources moves", "--resources: no kind 'moves' (did you mean 'move'?)"),
            ("sync --resources move,widgets", "--resources: no kind 'widgets' (kinds: ability, berry,"),
            ("sync --concurrency 0", "--concurrency must be between 1 and 64"),
            ("sync --concurrency 65", "--concurrency must be between 1 and 64"),
            ("sync --pokeapi-url ftp://x", "needs an http:// or https:// URL"),
            ("sync extra", "unexpected argument 'extra'"),
            ("sync issues", "missing OWNER/REPO or OWNER after 'issues'"),
            ("sync issues acme/rocket extra", "unexpected argument 'extra': 'sync issues' takes one"),
            ("sync issues acme extra", "unexpected argument 'extra'"),
            ("list --game red-blue", "--game needs --learns"),
            ("show", "missing the Pokémon to show"),
            ("show mr mime", "quote names with spaces"),
            ("show pikachu --type fire", "unknown option '--type' for 'show'"),
            ("sync --json", "unknown option '--json' for 'sync'"),
            ("help nope", "unknown command 'nope'"),
            ("list --type 123", "--type needs a type name"),
            ("--db", "--db needs a value"),
            ("sync --if-older-than 6", "--if-older-than needs a duration such as 90s"),
            ("sync --if-older-than -1h", "--if-older-than needs a duration"),
            ("sync --max-age soon", "--max-age needs a duration"),
            ("sync issues o/r --max-age 1h", "--max-age applies to the Pokémon catalog"),
            ("status extra", "unexpected argument 'extra'"),
            ("status --state open", "unknown option '--state' for 'status'"),
        ])
    func usageErrors(line: String, fragment: String) {
        #expect {
            try parse(line)
        } throws: { error in
            (error as? UsageError)?.message.contains(fragment) == true
        }
    }

    @Test("an empty or absurdly long name is a usage error")
    func badNames() {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["show", ""]) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["show", "   "]) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["show", String(repeating: "a", count: 5000)]) }
    }
}
