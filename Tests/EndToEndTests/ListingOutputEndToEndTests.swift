import Foundation
import LocalDatabase
import LoopbackHTTP
import TestSupport
import Testing

/// What `list`, `issues` and `help` print for people, through the real binary: tables within
/// `COLUMNS`, colour only as `--color` and the environment allow and never in JSON, and a line
/// on stderr when a result is empty or cut.
@Suite("Listings for people end to end")
struct ListingOutputEndToEndTests {
    let directory: TemporaryDirectory
    let github: FakeGitHub
    let database: String
    static let repository = "acme/rocket"

    init() throws {
        directory = try TemporaryDirectory()
        github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 150)])
        database = directory.file("pokedex.sqlite")
        let writer = try LocalStore.openForWriting(path: database)
        try PokedexEntryFixture.install(into: writer)
        writer.close()
        let sync = try pokedex("sync", "issues", Self.repository)
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    func pokedex(_ arguments: String..., environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: ["GITHUB_API_URL": github.baseURL].merging(environment) { $1 })
    }

    /// How many issues `issues` lists by default: open ones, not pull requests.
    func openIssues() throws -> Int {
        let all = try pokedex("issues", Self.repository, "--limit", "1000", "--json")
        return try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [Any]).count
    }

    @Test("an empty result: stdout empty, one line naming the filter on stderr, exit 0; [] with --json")
    func empty() throws {
        for (arguments, message) in [
            (["--search", "zzz"], "no issue of acme/rocket matches --search zzz"),
            (["--label", "nope", "--state", "closed"], "no issue of acme/rocket matches --state closed --label nope"),
            (["--pulls", "--author", "nobody"], "no pull request of acme/rocket matches --author nobody"),
        ] {
            let result = try PokedexProcess.run(
                ["--db", database, "issues", Self.repository] + arguments, environment: [:])
            #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stdout)")
            #expect(result.stderr == message + "\n")
            let json = try PokedexProcess.run(
                ["--db", database, "issues", Self.repository, "--json"] + arguments, environment: [:])
            #expect(json.status == 0 && json.stdout == "[]\n" && json.stderr.isEmpty, "\(json.stderr)")
            let quiet = try PokedexProcess.run(
                ["--db", database, "-q", "issues", Self.repository] + arguments, environment: [:])
            #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        }
        let past = try pokedex("list", "--type", "fire", "--offset", "100")
        #expect(past.status == 0 && past.stdout.isEmpty)
        #expect(past.stderr == "--offset 100 is past the 4 Pokémon stored matching --type fire\n")
    }

    @Test("a cut result ends with how many more and the options that show them, on stderr only")
    func cut() throws {
        let open = try openIssues()
        #expect(open > 30)
        let issues = try pokedex("issues", Self.repository)
        #expect(issues.status == 0)
        #expect(issues.stdout.split(separator: "\n").count == 31)
        #expect(issues.stderr == "… \(open - 30) more: --limit \(open) or --offset 30\n")
        let next = try pokedex("issues", Self.repository, "--offset", "30", "--limit", "\(open - 30)")
        #expect(next.stderr.isEmpty && next.stdout.split(separator: "\n").count == open - 30 + 1)
        let list = try pokedex("list", "--limit", "4")
        #expect(list.stderr == "… 21 more: --limit 25 or --offset 4\n")
        #expect(try pokedex("list", "--limit", "4", "--json").stderr.isEmpty)
        #expect(try pokedex("-q", "list", "--limit", "4").stderr.isEmpty)
    }

    @Test("tables fit COLUMNS (80 without it) and list has no links")
    func widths() throws {
        for (environment, width) in [([:], 80), (["COLUMNS": "60"], 60), (["COLUMNS": "120"], 120)] {
            for arguments in [["issues", Self.repository], ["list"], ["repos"], ["show", "eevee"]] {
                let result = try PokedexProcess.run(["--db", database] + arguments, environment: environment)
                #expect(result.status == 0, "\(result.stderr)")
                let wide = result.stdout.split(separator: "\n").filter { $0.count > width && !$0.contains("://") }
                #expect(wide.isEmpty, "\(arguments) at \(width): \(wide)")
            }
        }
        #expect(!(try pokedex("list").stdout.contains("://")))
    }

    @Test("colour with --color always, even into a pipe; none by default in a pipe, with never, or in JSON")
    func color() throws {
        let colored = try pokedex("--color", "always", "list", "--limit", "3")
        #expect(colored.stdout.contains("\u{1B}[1mID\u{1B}[0m") && colored.stdout.contains("\u{1B}[38;5;209mFire"))
        let truecolor = try pokedex("list", "--color=always", "--limit", "3", environment: ["COLORTERM": "truecolor"])
        #expect(truecolor.stdout.contains("\u{1B}[38;2;238;129;48mFire"), "\(truecolor.stdout)")
        for arguments in [["list"], ["--color", "never", "list"], ["--color", "auto", "show", "pikachu"]] {
            let plain = try PokedexProcess.run(["--db", database] + arguments, environment: ["COLORTERM": "truecolor"])
            #expect(plain.status == 0 && !plain.stdout.contains("\u{1B}"), "\(arguments)")
        }
        for arguments in [
            ["list", "--json"], ["show", "pikachu", "--json"], ["type", "fire", "--json"],
            ["issues", Self.repository, "--json"],
        ] {
            let json = try PokedexProcess.run(["--db", database, "--color", "always"] + arguments, environment: [:])
            #expect(json.status == 0 && !json.stdout.contains("\u{1B}"), "\(arguments)")
        }
        let error = try pokedex("--color", "always", "show", "nosuch")
        #expect(error.status == 66 && error.stderr.hasPrefix("\u{1B}[1;31mError:\u{1B}[0m"), "\(error.stderr)")
    }

    @Test("help for an unknown command points to pokedex help; -v is listed in sync's help only")
    func help() throws {
        let unknown = try pokedex("help", "nosuch")
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix("Error: unknown command 'nosuch'\n")
                && unknown.stderr.hasSuffix("See 'pokedex help'.\n"))
        #expect(try pokedex("help", "sync").stdout.contains("-v, --verbose"))
        for command in ["show", "list", "issues", "repos", "status"] {
            let help = try pokedex("help", command)
            #expect(!help.stdout.contains("--verbose") && help.stdout.contains("--color WHEN"), "\(command)")
        }
        #expect(try pokedex("help").stdout.contains("-v, --verbose"))
    }
}
