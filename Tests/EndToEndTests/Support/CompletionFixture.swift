import Foundation
import LocalDatabase
import LoopbackHTTP
import TestSupport
import Testing

/// A database to complete names from: `PokedexEntryFixture`'s 25 Pokémon, every type, their
/// abilities and names in every language, three moves, an item, a location and two games as
/// a whole sync lists them, and two repositories synced by the real binary from a GitHub
/// look-alike.
struct CompletionFixture {
    static let repositories = ["acme/rocket", "acme/anvil"]

    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = try PokedexEntryFixture.databaseFile(in: directory)
        let store = try LocalStore.openForWriting(path: database)
        for (kind, names) in [
            ("move", ["thunderbolt", "thunder-punch", "tackle"]), ("item", ["kings-rock"]),
            ("location", ["viridian-forest"]), ("version-group", ["scarlet-violet", "red-blue"]),
        ] {
            try store.run("INSERT OR IGNORE INTO sync_resource (name) VALUES (?)", [.text(kind)])
            for (id, name) in names.enumerated() {
                try store.run(
                    "INSERT INTO pokeapi_resource (kind, id, name, url) VALUES (?, ?, ?, 'u')",
                    [.text(kind), .int(id + 1), .text(name)])
            }
        }
        store.close()
        let github = try FakeGitHub(
            repositories: Self.repositories.map { full in
                let parts = full.split(separator: "/").map(String.init)
                return .generated(owner: parts[0], name: parts[1], issueCount: 3)
            })
        for repository in Self.repositories {
            let result = try PokedexProcess.run(
                ["--db", database, "sync", "issues", repository, "--max-wait", "5"],
                environment: ["GITHUB_API_URL": github.baseURL])
            guard result.status == 0 else { throw SyncFailed(stderr: result.stderr) }
        }
    }

    struct SyncFailed: Error, CustomStringConvertible {
        let stderr: String
        var description: String { "pokedex sync issues failed: \(stderr)" }
    }

    /// `pokedex arguments…` on the fixture's database.
    func pokedex(_ arguments: [String], environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: environment)
    }

    /// The commands `pokedex help` lists, and for each the options its help lists and the
    /// choices its usage lines give: what the completions must offer, read from the binary.
    struct HelpedCommand {
        let name: String
        let options: Set<String>
        /// `--state` → open, closed, all.
        let choices: [String: [String]]
    }

    func helpedCommands() throws -> [HelpedCommand] {
        let tool = try pokedex(["help"]).stdout
        let list = try #require(tool.split(separator: "SUBCOMMANDS:\n").last)
        let names = list.matches(of: #/\n?  ([a-z]+) /#).map { String($0.1) }
        return try names.map { name in
            let help = try pokedex(["help", name]).stdout
            let options = help.matches(of: /\n  (?:(-[a-z]), )?(--[a-z-]+)/).flatMap { match in
                [match.1.map(String.init), String(match.2)].compactMap { $0 }
            }
            let choices = help.matches(of: /\[(--[a-z-]+) ([a-z0-9]+(?:\|[a-z0-9]+)+)\]/).map {
                (String($0.1), $0.2.split(separator: "|").map(String.init))
            }
            return HelpedCommand(
                name: name, options: Set(options), choices: Dictionary(choices) { first, _ in first })
        }
    }
}
