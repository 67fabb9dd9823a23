import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// Servers and command lines carrying terminal escape sequences: no output path of the real
/// binary may pass them raw to a terminal, and `--json` keeps the data exact.
@Suite("hostile text never reaches the terminal raw")
struct HostileTextEndToEndTests {
    /// OSC 52 (writes the clipboard), a screen clear, BEL, C1 CSI and NEL, a bidi override, NUL.
    static let evil = "<\u{1B}]52;c;aGFja2Vk\u{07}\u{1B}[2J\u{9B}31m\u{85}\u{202E}\u{0}>"
    static let repository = "acme/rocket"

    let directory: TemporaryDirectory
    let pokeAPI: FakePokeAPI
    let github: FakeGitHub
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        var hostile = FakePokemon.synthetic(
            id: 1, name: "bulba\(Self.evil)", types: ["grass\(Self.evil)"],
            abilities: [(name: "over\(Self.evil)", hidden: true)])
        hostile.stats[0].name = "hp\(Self.evil)"
        hostile.speciesName = "species\(Self.evil)"
        hostile.officialArtwork = "https://example.com/\(Self.evil).png"
        pokeAPI = try FakePokeAPI(catalog: [hostile, .synthetic(id: 2, name: "ivysaur")])
        github = try FakeGitHub(repositories: [.generated(owner: "acme", name: "rocket", issueCount: 3)])
        github.update(Self.repository) { repository in
            let evil = FakeGitHubUser(login: "user\(Self.evil)", id: 66)
            repository.issues[0].title = "title\(Self.evil)"
            repository.issues[0].body = "body\(Self.evil)\nline two"
            repository.issues[0].author = evil
            repository.issues[0].assignees = [evil]
            repository.issues[0].labels = [FakeGitHubLabel(id: 77, name: "label\(Self.evil)", color: "ff0000")]
            repository.issues[0].milestone = FakeGitHubMilestone(id: 88, number: 1, title: "milestone\(Self.evil)")
        }
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String], columns: Int = 80) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: [
                "POKEAPI_BASE_URL": pokeAPI.baseURL, "GITHUB_API_URL": github.baseURL, "COLUMNS": String(columns),
            ])
    }

    @Test("every text output path shows control characters instead of obeying them")
    func textPaths() throws {
        let catalog = try pokedex(["-v", "sync"])
        #expect(catalog.status == 0, "\(catalog.stderr)")
        let issues = try pokedex(["-v", "sync", "issues", Self.repository])
        #expect(issues.status == 0, "\(issues.stderr)")
        // A rename upstream: the summary names the repository as GitHub now does.
        github.rename(Self.repository, to: "acme/rocket\(Self.evil)")
        let renamed = try pokedex(["-v", "sync"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stderr.contains("renamed from acme/rocket"), "\(renamed.stderr)")
        var results = [("sync", catalog), ("sync issues", issues), ("sync after rename", renamed)]
        for arguments in [
            ["show", "1"], ["show", "bulba"], ["show", "bulbasaur"], ["list"], ["list", "--type", "nosuch"],
            ["issues", "acme/rocket\u{1B}[2J"], ["status"],
        ] {
            // Wide enough that no table cuts the hostile names it shows.
            results.append((arguments.joined(separator: " "), try pokedex(arguments, columns: 300)))
        }
        #expect(results.contains { $0.1.stderr.contains("did you mean bulba") }, "suggestions are shown, sanitized")
        // The stored type is shown, sanitized: in the list's table, by its display name (an
        // unknown --type now suggests near names rather than listing every known type).
        #expect(
            results.contains {
                $0.0 == "list" && $0.1.stdout.contains("Grass<^[]52;c;aGFja2Vk^G^[[2J\\u{9b}31m")
            })
        #expect(results.contains { $0.0 == "list --type nosuch" && $0.1.stderr.contains("no type named 'nosuch'") })
        for (name, result) in results { Self.expectNeutralized(result, name) }
    }

    @Test("issue text and its table show GitHub's text sanitized")
    func issueText() throws {
        #expect(try pokedex(["sync", "issues", Self.repository]).status == 0)
        for arguments in [["issues", Self.repository, "--state", "all"], ["issue", "\(Self.repository)#1"]] {
            let result = try pokedex(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("title<^[]52;c;"), "\(result.stdout)")
            Self.expectNeutralized(result, arguments.joined(separator: " "))
        }
    }

    @Test("--json stays exact, with every control character escaped")
    func json() throws {
        #expect(try pokedex(["sync"]).status == 0)
        #expect(try pokedex(["sync", "issues", Self.repository]).status == 0)
        let show = try pokedex(["show", "1", "--json"])
        let profile = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(profile["name"] as? String == "bulba\(Self.evil)")
        let issue = try pokedex(["issue", "\(Self.repository)#1", "--json"])
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(issue.stdout.utf8)) as? [String: Any])
        #expect(detail["title"] as? String == "title\(Self.evil)")
        for result in [
            show, issue, try pokedex(["list", "--json"]), try pokedex(["issues", Self.repository, "--json"]),
        ] {
            Self.expectNeutralized(result, "--json")
        }
    }

    /// What a server says, quoted in an `Error:` line.
    enum ServerMessage: String, CaseIterable, CustomStringConvertible {
        case gitHub401, gitHub422, pokeAPI404, pokeAPINotJSON, pokeAPIUndecodable
        var description: String { rawValue }
    }

    @Test(
        "a server's message is sanitized in the Error: line, the run record and status",
        arguments: ServerMessage.allCases)
    func errorLines(_ message: ServerMessage) throws {
        let json = "{\"message\":\"\(HostileTextEndToEndTests.jsonEscaped(Self.evil))\"}"
        let arguments: [String]
        switch message {
        case .gitHub401, .gitHub422:
            github.override = { _ in .json(json, status: message == .gitHub401 ? 401 : 422) }
            arguments = ["sync", "issues", Self.repository]
        case .pokeAPI404, .pokeAPINotJSON, .pokeAPIUndecodable:
            pokeAPI.override = { _ in
                switch message {
                case .pokeAPI404: return .json(json, status: 404)
                case .pokeAPINotJSON: return ScriptedResponse(status: 200, body: Array("oops \(Self.evil)".utf8))
                default: return .json("{\"count\":\"\(HostileTextEndToEndTests.jsonEscaped(Self.evil))\"}")
                }
            }
            arguments = ["sync", "--retries", "0"]
        }
        let sync = try pokedex(arguments)
        #expect(sync.status != 0)
        // A PokeAPI answer that fails everything fails the catalog, then the root index (but a 404
        // there is a server without one), then each entry resource that asks the server (types,
        // abilities, species; no species, so no chain): the job goes on past each, one Error: line apiece.
        let errors =
            switch message {
            case .gitHub401, .gitHub422: 1
            case .pokeAPI404: 4
            default: 5
            }
        #expect(sync.errors.count == errors, "\(sync.stderr)")
        Self.expectNeutralized(sync, message.rawValue)
        Self.expectNeutralized(try pokedex(["status"]), "status after \(message)")
        Self.expectNeutralized(try pokedex(["status", "--json"]), "status --json after \(message)")
    }

    @Test(
        "usage errors echo hostile arguments sanitized",
        arguments: [
            ["show", "--bogus\(HostileTextEndToEndTests.evil)"], ["list", "--limit", HostileTextEndToEndTests.evil],
            ["\(HostileTextEndToEndTests.evil)"], ["list", "--lmit\(HostileTextEndToEndTests.evil)"],
            ["issues", "acme/\(HostileTextEndToEndTests.evil)"],
            ["issue", "acme/rocket#\(HostileTextEndToEndTests.evil)"],
            ["sync", "--pokeapi-url", "http://\(HostileTextEndToEndTests.evil)"],
            ["sync", "--if-older-than", HostileTextEndToEndTests.evil], ["help", HostileTextEndToEndTests.evil],
            ["show", HostileTextEndToEndTests.evil], ["sync", "issues", "a/b", HostileTextEndToEndTests.evil],
        ].map { $0.map { $0.replacingOccurrences(of: "\u{0}", with: "") } })  // argv cannot hold NUL
    func usageErrors(_ arguments: [String]) throws {
        let result = try pokedex(arguments)
        #expect(result.status == 64 || result.status == 66, "\(result.stderr)")
        #expect(result.errors.count == 1, "\(result.stderr)")
        Self.expectNeutralized(result, arguments.joined(separator: " "))
    }

    // MARK: Helpers

    /// No C0 control but newline and tab, no DEL or C1, and no bidi control, in either stream.
    static func expectNeutralized(
        _ result: PokedexProcess.Result, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let raw = text.unicodeScalars.filter { scalar in
                switch scalar.value {
                case 0x0A, 0x09: return false
                case 0x00...0x1F, 0x7F...0x9F: return true
                default: return scalar.properties.isBidiControl
                }
            }
            #expect(
                raw.isEmpty, "\(name): \(stream) has raw \(raw.map { String($0.value, radix: 16) }): \(text)",
                sourceLocation: sourceLocation)
        }
    }

    /// `text` as the inside of a JSON string literal.
    static func jsonEscaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                ? String(format: "\\u%04x", scalar.value) : String(scalar)
        }.joined()
    }
}
