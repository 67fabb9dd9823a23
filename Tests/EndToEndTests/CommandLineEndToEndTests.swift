import Foundation
import TestSupport
import Testing

/// Help, version and usage errors of the real binary.
@Suite("pokedex command-line conventions")
struct CommandLineEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
    }

    @Test(
        "help and version go to stdout and exit 0",
        arguments: [
            ["--help"], ["-h"], ["help"], ["help", "sync"], ["sync", "--help"], ["show", "-h"], ["list", "--help"],
            ["--db", "/nonexistent/x.sqlite", "--help"], ["--version"],
        ])
    func help(arguments: [String]) throws {
        let result = try PokedexProcess.run(arguments)
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test(
        "results that cannot be written (a full disk) are an error, not exit 0",
        arguments: [["--version"], ["help", "sync"], ["completions", "bash"], ["list", "--help"]])
    func standardOutputFull(arguments: [String]) throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "Linux's /dev/full fills every write")
        let result = try PokedexProcess.run(
            ["-c", #""$0" "$@" > /dev/full"#, PokedexProcess.binaryPath, "--db", database] + arguments,
            executable: "/bin/sh")
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output: No space left on device"), "\(result.stderr)")
    }

    @Test("help names the command's options")
    func helpContent() throws {
        let sync = try PokedexProcess.run(["help", "sync"]).stdout
        #expect(sync.contains("USAGE") == false && sync.contains("Usage: pokedex sync"))
        for option in ["--pokeapi-url", "--offset", "--limit", "--concurrency", "--db", "--quiet"] {
            #expect(sync.contains(option), "\(option) missing from sync help")
        }
        #expect(try PokedexProcess.run(["--help"]).stdout.contains("SUBCOMMANDS"))
        #expect(
            try PokedexProcess.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                .allSatisfy { $0.isNumber || $0 == "." })
    }

    @Test(
        "usage errors: an Error line and a usage line on stderr, exit 64, nothing written",
        arguments: [
            ["frobnicate"], ["sync", "--offset", "-1"], ["sync", "--limit", "0"], ["sync", "--limit", "ten"],
            ["sync", "--concurrency", "0"], ["sync", "--concurrency", "1000"], ["sync", "--limit"],
            ["sync", "--lmit", "3"], ["list", "--offset", "1e3"], ["show"], ["show", ""], ["list", "extra"],
            ["sync", "--pokeapi-url", "not a url"], ["list", "--limit", "99999999999999999999999"],
            ["show", "pikachu", "--offset", "3"], ["list", "--offset=-5"], ["sync", "—limit", "3"],
            ["sync", "--retries", "11"],
            ["sync", "--retries", "-1"],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: ["POKEAPI_BASE_URL": "http://127.0.0.1:9/api/v2"])
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Error: ") == true)
        #expect(lines.contains { $0.hasPrefix("Usage: pokedex") })
        #expect(!FileManager.default.fileExists(atPath: database), "a usage error writes nothing")
    }

    @Test("a malformed POKEAPI_BASE_URL is a usage error before anything is written")
    func badEnvironmentURL() throws {
        let result = try PokedexProcess.run(["--db", database, "sync"], environment: ["POKEAPI_BASE_URL": "ftp://x"])
        #expect(result.status == 64 && result.stderr.contains("POKEAPI_BASE_URL"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test(
        "a token with a control character inside is a usage error before anything is written",
        arguments: ["GITHUB_TOKEN", "GH_TOKEN", "POKEAPI_TOKEN"])
    func controlCharacterInToken(variable: String) throws {
        let result = try PokedexProcess.run(
            ["--db", database, "sync"], environment: [variable: "first-half\rX-Injected: yes"])
        #expect(
            result.status == 64 && result.stderr.contains("\(variable) holds a control character"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test("the database location comes from POKEDEX_DB, then XDG_DATA_HOME")
    func databaseLocation() throws {
        let viaEnvironment = try PokedexProcess.run(["list"], environment: ["POKEDEX_DB": database])
        #expect(viaEnvironment.stderr.contains(database))
        let dataHome = directory.file("xdg")
        let viaXDG = try PokedexProcess.run(["list"], environment: ["XDG_DATA_HOME": dataHome])
        #expect(viaXDG.stderr.contains(dataHome + "/pokedex/pokedex.sqlite"), "\(viaXDG.stderr)")
    }

    @Test("a file that is not a database is refused and left intact")
    func notADatabase() throws {
        let text = Data("these are my notes, not a database\n".utf8)
        try text.write(to: URL(fileURLWithPath: database))
        for arguments in [["list"], ["sync", "--limit", "1"]] {
            let result = try PokedexProcess.run(
                ["--db", database] + arguments,
                environment: ["POKEAPI_BASE_URL": "http://127.0.0.1:9/api/v2"])
            #expect(result.status == 74, "\(result.stderr)")
            #expect(result.errors.count == 1 && result.errors[0].contains("not a pokedex database"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == text)
    }

    @Test(
        "the query binary loads no Foundation: its start-up stays near sqlite3's",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "needs ldd"))
    func queryBinaryWithoutFoundation() throws {
        let libraries = try PokedexProcess.run([PokedexProcess.binaryPath], executable: "/usr/bin/ldd")
        #expect(libraries.status == 0 && libraries.stdout.contains("sqlite3"), "\(libraries.stderr)")
        #expect(
            !libraries.stdout.contains("Foundation") && !libraries.stdout.contains("libcurl"), "\(libraries.stdout)")
    }
}
