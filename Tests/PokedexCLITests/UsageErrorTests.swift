import Testing

@testable import PokedexCLI

/// Today's usage errors, word for word, with the command whose usage line follows them.
@Suite("Usage errors")
struct UsageErrorTests {
    @Test(
        "each bad command line gets today's message",
        arguments: [
            (#"frobnicate"#, #"unknown command 'frobnicate'"#, nil),
            (#"sycn"#, #"unknown command 'sycn' (did you mean 'sync'?)"#, nil),
            (#"--bogus"#, #"unknown option '--bogus'"#, nil),
            (#"--verbse"#, #"unknown option '--verbse' (did you mean '--verbose'?)"#, nil),
            (#"-x"#, #"unknown option '-x'"#, nil),
            (#"list --lmit 3"#, #"unknown option '--lmit' for 'list' (did you mean '--limit'?)"#, .list),
            (#"list --limit"#, #"--limit needs a value"#, .list),
            (#"list --limit --json"#, #"--limit needs a value"#, .list),
            (#"list --limit -3"#, #"--limit must be between 1 and 10000000, not -3"#, .list),
            (#"list --limit -x"#, #"--limit needs a whole number, not '-x'"#, .list),
            (#"serve --port -1"#, #"--port must be between 0 and 65535, not -1"#, .serve),
            (#"serve --port 70000"#, #"--port must be between 0 and 65535, not 70000"#, .serve),
            (#"list --limit 0"#, #"--limit must be between 1 and 10000000, not 0"#, .list),
            (#"list --limit abc"#, #"--limit needs a whole number, not 'abc'"#, .list),
            (#"list --limit 3.5"#, #"--limit needs a whole number, not '3.5'"#, .list),
            (
                #"list --limit 99999999999999999999999"#,
                #"--limit must be between 1 and 10000000, not 99999999999999999999999"#, .list
            ),
            (#"list --offset -1"#, #"--offset must be between 0 and 10000000, not -1"#, .list),
            (#"list --offset ５"#, #"--offset needs a whole number, not '５'"#, .list),
            (#"list --offset"#, #"--offset needs a value"#, .list),
            (#"list --type 123"#, #"--type needs a type name, such as 'electric'"#, .list),
            (#"list extra"#, #"unexpected argument 'extra'"#, .list),
            (#"list --db"#, #"--db needs a value"#, .list),
            (#"list --db="#, #"--db needs a file name"#, .list),
            (
                #"serve --host 999.1.1.1"#, #"--host needs an IP address such as 127.0.0.1 or ::1, not '999.1.1.1'"#,
                .serve
            ),
            (
                #"serve --host example.com"#,
                #"--host needs an IP address such as 127.0.0.1 or ::1, not 'example.com'"#, .serve
            ),
            (#"serve --token-file="#, #"--token-file needs a file name"#, .serve),
            (
                #"serve --base-url https://h/x?y=1"#,
                #"--base-url cannot have a query ('?…'): served links append paths to it"#, .serve
            ),
            (
                #"serve --base-url https://h/#f"#,
                #"--base-url cannot have a fragment ('#…'): served links append paths to it"#, .serve
            ),
            (
                #"serve --base-url https://user:pw@h/"#,
                #"--base-url cannot carry credentials ('user:password@'): every link would repeat them"#, .serve
            ),
            (
                #"serve --base-url http://host:99999"#,
                #"--base-url has port '99999'; a port is a number from 1 to 65535"#, .serve
            ),
            (
                #"serve --base-url http://host:0/"#, #"--base-url has port '0'; a port is a number from 1 to 65535"#,
                .serve
            ),
            (
                #"serve --base-url http://host:/"#, #"--base-url has port ''; a port is a number from 1 to 65535"#,
                .serve
            ),
            (
                #"serve --base-url http://[::1]:x"#, #"--base-url has port 'x'; a port is a number from 1 to 65535"#,
                .serve
            ),
            (#"serve --base-url http://:80/"#, #"--base-url needs a host name, not ''"#, .serve),
            (#"serve --base-url http://[::1/"#, #"--base-url has an IPv6 address without its closing ']'"#, .serve),
            (#"--db= list"#, #"--db needs a file name"#, nil),
            (#"get move/1 --output="#, #"--output needs a file name"#, .get),
            (#"list --json=yes"#, #"--json takes no value, not 'yes'"#, .list),
            (#"list --json="#, #"--json takes no value, not ''"#, .list),
            (#"serve --include-private=yes"#, #"--include-private takes no value, not 'yes'"#, .serve),
            (#"show 1 --quiet=no"#, #"--quiet takes no value, not 'no'"#, .show),
            (#"--verbose= list"#, #"--verbose takes no value, not ''"#, nil),
            (#"--help=list"#, #"--help takes no value, not 'list'"#, nil),
            (#"sync --concurrency 0"#, #"--concurrency must be between 1 and 64, not 0"#, .sync),
            (#"sync --concurrency 65"#, #"--concurrency must be between 1 and 64, not 65"#, .sync),
            (
                #"sync --concurency 3"#, #"unknown option '--concurency' for 'sync' (did you mean '--concurrency'?)"#,
                .sync
            ),
            (#"sync --retry 3"#, #"unknown option '--retry' for 'sync'"#, .sync),
            (#"sync --artwork some"#, #"--artwork must be none, sprites or all, not 'some'"#, .sync),
            (
                #"sync issues a/b --artwork all"#, #"--artwork applies to the Pokémon catalog, not to 'sync issues'"#,
                .sync
            ),
            (#"artwork"#, #"missing the Pokémon to show (a name or an id)"#, .artwork),
            (#"artwork pikachu --shiny --official"#, #"--official and --shiny exclude each other"#, .artwork),
            (#"artwork pikachu -o"#, #"-o needs a value"#, .artwork),
            (#"artwork pikachu --output="#, #"--output needs a file name"#, .artwork),
            (#"artwork pikachu --json"#, #"unknown option '--json' for 'artwork'"#, .artwork),
            (#"show pikachu --image sometimes"#, #"--image must be auto, always or never, not 'sometimes'"#, .show),
            (
                #"show pikachu --image-protocol sixel"#,
                #"--image-protocol must be kitty, iterm2, truecolor or 256, not 'sixel'"#, .show
            ),
            (#"show pikachu --json --image always"#, #"--image always draws on text output, not with --json"#, .show),
            (#"sync --max-ag 1d"#, #"unknown option '--max-ag' for 'sync' (did you mean '--max-age'?)"#, .sync),
            (#"sync --max-wait 86401"#, #"--max-wait must be between 0 and 86400, not 86401"#, .sync),
            (#"sync --retries 11"#, #"--retries must be between 0 and 10, not 11"#, .sync),
            (#"sync --timeout 0"#, #"--timeout must be between 1 and 3600, not 0"#, .sync),
            (#"sync --timeout 3601"#, #"--timeout must be between 1 and 3600, not 3601"#, .sync),
            (#"sync --retry-wait 3601"#, #"--retry-wait must be between 0 and 3600, not 3601"#, .sync),
            (#"sync --wait 86401"#, #"--wait must be between 0 and 86400, not 86401"#, .sync),
            (#"sync --limit 0"#, #"--limit must be between 1 and 10000000, not 0"#, .sync),
            (#"sync --offset -1"#, #"--offset must be between 0 and 10000000, not -1"#, .sync),
            (#"sync --pokeapi-url ftp://x"#, #"--pokeapi-url needs an http:// or https:// URL, not 'ftp://x'"#, .sync),
            (#"sync --github-url http://"#, #"--github-url needs an http:// or https:// URL, not 'http://'"#, .sync),
            (
                #"sync --github-url https://a b"#,
                #"unexpected argument 'b' (did you mean 'sync issues OWNER/REPO'?)"#, .sync
            ),
            (#"sync extra"#, #"unexpected argument 'extra' (did you mean 'sync issues OWNER/REPO'?)"#, .sync),
            (#"sync issues"#, #"missing OWNER/REPO or OWNER after 'issues'"#, .sync),
            (#"sync issues nope!"#, #"'nope!' is not a GitHub user or organization"#, .sync),
            (
                #"sync issues o/r extra"#, #"unexpected argument 'extra': 'sync issues' takes one OWNER/REPO or OWNER"#,
                .sync
            ),
            (#"sync issues o/r --include-forks"#, #"--include-forks applies to 'sync issues OWNER' only"#, .sync),
            (#"sync --include-archived"#, #"--include-archived applies to 'sync issues OWNER' only"#, .sync),
            (#"sync issues acme --limit 3"#, #"--limit applies to the Pokémon catalog, not to 'sync issues'"#, .sync),
            (#"sync --json"#, #"unknown option '--json' for 'sync'"#, .sync),
            (
                #"sync --if-older-than 6"#,
                #"--if-older-than needs a duration such as 90s, 30m, 6h, 2d or 1w, not '6'"#, .sync
            ),
            (
                #"sync --if-older-than -1h"#,
                #"--if-older-than needs a duration such as 90s, 30m, 6h, 2d or 1w, not '-1h'"#, .sync
            ),
            (#"sync --max-age soon"#, #"--max-age needs a duration such as 90s, 30m, 6h, 2d or 1w, not 'soon'"#, .sync),
            (#"sync --if-older-than 522w"#, #"--if-older-than is at most ten years (3650d), not '522w'"#, .sync),
            (
                #"sync issues o/r --max-age 1h"#, #"--max-age applies to the Pokémon catalog, not to 'sync issues'"#,
                .sync
            ),
            (
                // Two options outside the scope: the first in the command's order is named.
                #"sync issues o/r --offset 1 --max-age 1h"#,
                #"--max-age applies to the Pokémon catalog, not to 'sync issues'"#, .sync
            ),
            (
                #"sync issues o/r --pokeapi-url http://x.example"#,
                #"--pokeapi-url applies to the Pokémon catalog, not to 'sync issues'"#, .sync
            ),
            (
                #"sync issues o/r --concurrency 2"#,
                #"--concurrency applies to the Pokémon catalog, not to 'sync issues'"#, .sync
            ),
            (#"sync issues o/r --limit 2"#, #"--limit applies to the Pokémon catalog, not to 'sync issues'"#, .sync),
            (#"show"#, #"missing the Pokémon to show (a name or an id)"#, .show),
            (#"show mr mime"#, #"unexpected argument 'mime' (quote names with spaces: "mr mime")"#, .show),
            (#"show pikachu --type fire"#, #"unknown option '--type' for 'show'"#, .show),
            (#"show pikachu --jsn"#, #"unknown option '--jsn' for 'show' (did you mean '--json'?)"#, .show),
            (#"help nope"#, #"unknown command 'nope' (did you mean 'type'?)"#, .help),
            (#"help isue"#, #"unknown command 'isue' (did you mean 'issue'?)"#, .help),
            (#"--color bogus"#, #"--color must be auto, always or never, not 'bogus'"#, nil),
            (#"list --color"#, #"--color needs a value"#, .list),
            (#"help sync extra"#, #"unexpected argument 'extra'"#, .help),
            (#"--db"#, #"--db needs a value"#, nil),
            (#"status extra"#, #"unexpected argument 'extra'"#, .status),
            (#"status --state open"#, #"unknown option '--state' for 'status'"#, .status),
            (#"status --jsn"#, #"unknown option '--jsn' for 'status' (did you mean '--json'?)"#, .status),
            (#"issues"#, #"missing the repository (OWNER/REPO)"#, .issues),
            (#"issues nope"#, #"'nope' is not a GitHub repository (OWNER/REPO)"#, .issues),
            (#"issues o/r extra"#, #"unexpected argument 'extra'"#, .issues),
            (#"issues o/r --state shut"#, #"--state must be open, closed or all, not 'shut'"#, .issues),
            (#"issues o/r --label"#, #"--label needs a value"#, .issues),
            (#"issues o/r --search ?!"#, #"--search needs at least one word"#, .issues),
            (#"issues o/r --pulls --all-kinds"#, #"--pulls and --all-kinds exclude each other"#, .issues),
            (#"issues o/r --limit 0"#, #"--limit must be between 1 and 10000000, not 0"#, .issues),
            (#"issues o/r --offset -2"#, #"--offset must be between 0 and 10000000, not -2"#, .issues),
            (#"issues o/r --lable bug"#, #"unknown option '--lable' for 'issues' (did you mean '--label'?)"#, .issues),
            (#"issues o/r --pull"#, #"unknown option '--pull' for 'issues' (did you mean '--pulls'?)"#, .issues),
            (#"issue"#, #"missing the issue (OWNER/REPO#NUMBER)"#, .issue),
            (#"issue o/r#1 extra"#, #"unexpected argument 'extra'"#, .issue),
            (#"issue o/r"#, #"missing the issue number: 'o/r#NUMBER'"#, .issue),
            (#"issue 123"#, #"'123' is not OWNER/REPO#NUMBER"#, .issue),
            (#"issue o/r/7"#, #"'o/r/7' is not OWNER/REPO#NUMBER"#, .issue),
            (#"issue o/r#0"#, #"issues are numbered from 1, not 0"#, .issue),
            (
                #"issue o/r 99999999999999999999999"#,
                #"the issue number 99999999999999999999999 is too large"#, .issue
            ),
            (#"issue o/r#x"#, #"'o/r#x' is not OWNER/REPO#NUMBER"#, .issue),
            (#"issue o/r#1#2"#, #"'o/r#1#2' is not OWNER/REPO#NUMBER"#, .issue),
            (#"issue o/r x"#, #"'o/r x' is not OWNER/REPO#NUMBER"#, .issue),
            (#"issue o/r #0"#, #"issues are numbered from 1, not 0"#, .issue),
            (#"issue o/r 1 2"#, #"unexpected argument '2'"#, .issue),
            (#"issue o/r#1 2 3"#, #"unexpected argument '2'"#, .issue),
            (#"issue o/r#+7"#, #"'o/r#+7' is not OWNER/REPO#NUMBER"#, .issue),
            (#"issue o/r +7"#, #"'o/r +7' is not OWNER/REPO#NUMBER"#, .issue),
            (#"issue nope#1"#, #"'nope' is not a GitHub repository (OWNER/REPO)"#, .issue),
        ] as [(String, String, CommandName?)])
    func message(line: String, message: String, command: CommandName?) {
        #expect(throws: UsageError(message: message, command: command)) {
            try ArgumentParser.parse(line.split(separator: " ").map(String.init))
        }
    }

    @Test(
        "values the line splitting above cannot express",
        arguments: [
            (["show", ""], "the Pokémon to show is empty", CommandName.show),
            (["show", "   "], "the Pokémon to show is empty", .show),
            (
                ["show", String(repeating: "a", count: 101)],
                "the Pokémon to show is 101 characters long; names are far shorter", .show
            ),
            (["issues", "o/r", "--label", " "], "--label needs a label name", .issues),
            (["issues", "o/r", "--search", " "], "--search needs at least one word", .issues),
        ])
    func spacedValues(arguments: [String], message: String, command: CommandName) {
        #expect(throws: UsageError(message: message, command: command)) {
            try ArgumentParser.parse(arguments)
        }
    }

    @Test(
        "a usage error prints the message, the usage line and where to find help, and exits 64",
        arguments: [
            (
                ["list", "--lmit", "3"],
                """
                Error: unknown option '--lmit' for 'list' (did you mean '--limit'?)
                \(GoldenHelp.listUsage)
                See 'pokedex help list'.

                """
            ),
            (
                ["sync", "--retries", "11"],
                """
                Error: --retries must be between 0 and 10, not 11
                \(GoldenHelp.syncUsage)
                See 'pokedex help sync'.

                """
            ),
            (
                ["--bogus"],
                """
                Error: unknown option '--bogus'
                \(GoldenHelp.toolUsage)
                See 'pokedex --help'.

                """
            ),
            (
                ["help", "nosuch"],
                """
                Error: unknown command 'nosuch'
                \(GoldenHelp.toolUsage)
                See 'pokedex help'.

                """
            ),
            (
                ["help", "isue"],
                """
                Error: unknown command 'isue' (did you mean 'issue'?)
                \(GoldenHelp.toolUsage)
                See 'pokedex help'.

                """
            ),
        ])
    func printed(arguments: [String], expected: String) {
        let errors = Transcript()
        let console = Console(writeOutput: { _ in }, writeError: { errors.append($0) }, outputIsTerminal: false)
        let status = PokedexCLI.run(arguments: arguments, environment: [:], console: console) { _, _ in }
        #expect(status == 64)
        #expect(errors.text == expected)
    }
}

/// `serve --host`: what the server can bind, checked before it tries.
@Suite("serve --host")
struct ServeHostTests {
    @Test(
        "numeric addresses and localhost",
        arguments: [
            ("127.0.0.1", true), ("0.0.0.0", true), ("::1", true), ("::", true), ("fe80::1", true),
            ("fe80::1%1", true),
            ("localhost", true), ("", false), ("999.1.1.1", false), ("127.0.0.1.5", false), ("example.com", false),
            ("[::1]", false), ("127.0.0.1:80", false),
        ])
    func addresses(host: String, accepted: Bool) {
        #expect(ServeOptions.isAddress(host) == accepted)
    }

    @Test(
        "base URLs whose links are sound pass",
        arguments: [
            "http://h", "https://h/", "http://host:8080/prefix", "https://[::1]:8443", "http://[fe80::1]/p/",
            "http://127.0.0.1:1", "https://pokedex.example:65535/a/b",
        ])
    func soundBaseURL(url: String) {
        #expect(ServeOptions.baseURLProblem(url) == nil)
    }
}

/// What a console wrote. `PokedexCLI.run` without concurrency writes from the calling thread
/// only, so the unsynchronised buffer is safe here.
private final class Transcript: @unchecked Sendable {
    private(set) var text = ""

    func append(_ piece: String) { text += piece }
}
