import Foundation
import TestSupport
import Testing

/// `pokedex completions SHELL`'s scripts in the real shells, on a real database: what Tab offers
/// after each command, for each option's value, and from the database through the binary.
@Suite(
    "Shell completions end to end",
    .enabled(
        if: CompletionShell.allCases.allSatisfy { $0.executable != nil },
        "zsh or fish is not installed (.ci/install-packages installs them)"))
struct ShellCompletionEndToEndTests {
    let fixture: CompletionFixture

    init() throws {
        fixture = try CompletionFixture()
    }

    /// What `shell` offers at the end of each line, as sets (shells sort as they like).
    func offered(_ shell: CompletionShell, _ lines: [String]) throws -> [Set<String>] {
        let script = try fixture.pokedex(["completions", shell.rawValue])
        #expect(script.status == 0 && script.stderr.isEmpty, "\(script.stderr)")
        return try shell.candidates(lines, script: script.stdout, in: fixture.directory).enumerated().map {
            index, candidates in
            // fish gives a value typed after `--name=` with its option, as it replaces the word.
            let typed = lines[index].split(separator: " ", omittingEmptySubsequences: false).last ?? ""
            let option = typed.hasPrefix("--") && typed.contains("=") ? typed.prefix { $0 != "=" } + "=" : ""
            return Set(candidates.map { $0.hasPrefix(option) ? String($0.dropFirst(option.count)) : $0 })
        }
    }

    @Test("each script is valid in its shell", arguments: CompletionShell.allCases)
    func syntax(shell: CompletionShell) throws {
        let script = fixture.directory.file("syntax." + shell.rawValue)
        try fixture.pokedex(["completions", shell.rawValue]).stdout.write(
            toFile: script, atomically: true, encoding: .utf8)
        let result = try PokedexProcess.run(["-n", script], executable: shell.executable!)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test(
        "the commands help lists, and after each command every option its help lists",
        arguments: CompletionShell.allCases)
    func commandsAndOptions(shell: CompletionShell) throws {
        let commands = try fixture.helpedCommands()
        #expect(
            commands.count >= 13 && commands.contains { $0.name == "completions" }
                && commands.contains { $0.name == "man" })
        let offered = try offered(shell, ["pokedex "] + commands.map { "pokedex \($0.name) -" })
        #expect(offered[0] == Set(commands.map(\.name)))
        for (command, options) in zip(commands, offered.dropFirst()) {
            #expect(options == command.options, "\(shell) \(command.name)")
        }
    }

    @Test(
        "every option that takes one of a list completes to its choices, after a space or an '='",
        arguments: CompletionShell.allCases)
    func choices(shell: CompletionShell) throws {
        let cases = try fixture.helpedCommands().flatMap { command in
            command.choices.sorted { $0.key < $1.key }.flatMap { option, choices in
                ["pokedex \(command.name) \(option) ", "pokedex \(command.name) \(option)="].map { ($0, Set(choices)) }
            }
        }
        #expect(cases.count >= 8, "--artwork, --state, --image and --image-protocol, two ways each")
        for ((line, expected), offered) in zip(cases, try offered(shell, cases.map(\.0))) {
            #expect(offered == expected, "\(shell): \(line)")
        }
    }

    @Test(
        "names from the database: Pokémon, types, abilities, languages, repositories",
        arguments: CompletionShell.allCases)
    func storedNames(shell: CompletionShell) throws {
        let database = fixture.database
        let cases: [(String, Set<String>)] = [
            ("pokedex --db \(database) show pi", ["pikachu", "pichu"]),
            ("pokedex --db \(database) artwork --shiny char", ["charmander", "charmeleon", "charizard"]),
            ("pokedex --db \(database) type fi", ["fighting", "fire"]),
            ("pokedex --db \(database) list --type fl", ["flying"]),
            ("pokedex --db \(database) ability st", ["static", "steadfast", "steely-spirit"]),
            ("pokedex --db \(database) show pikachu --lang zh", ["zh-hans", "zh-hant"]),
            ("pokedex --db=\(database) list --lang=ja", ["ja", "ja-hrkt", "ja-roma"]),
            ("pokedex -q --db \(database) issues ac", ["acme/rocket", "acme/anvil"]),
            ("pokedex --db \(database) sync issues acme/r", ["acme/rocket"]),
            ("pokedex --db \(database) issue acme/a", ["acme/anvil#"]),
            ("pokedex --db \(database) show -- pi", ["pikachu", "pichu"]),
            ("pokedex --db \(fixture.directory.file("missing.sqlite")) show pi", []),
            ("pokedex help s", ["sync", "serve", "status", "show"]),
            ("pokedex man is", ["issues", "issue"]),
            ("pokedex completions ", ["bash", "zsh", "fish"]),
            ("pokedex __", []),
        ]
        for ((line, expected), offered) in zip(cases, try offered(shell, cases.map(\.0))) {
            #expect(offered == expected, "\(shell): \(line)")
        }
    }

    @Test("files for --db and -o/--output", arguments: CompletionShell.allCases)
    func files(shell: CompletionShell) throws {
        let files = fixture.directory.file("files")
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        for name in ["pokedex.sqlite", "pokemon.png", "other.txt"] {
            try Data().write(to: URL(fileURLWithPath: files + "/" + name))
        }
        let lines = [
            "pokedex --db \(files)/po", "pokedex artwork pikachu -o \(files)/po",
            "pokedex artwork pikachu --output \(files)/po",
        ]
        for (line, offered) in zip(lines, try offered(shell, lines)) {
            // bash and fish give the whole path, zsh the name it completes.
            #expect(
                Set(offered.map { $0.split(separator: "/").last.map(String.init) ?? $0 }) == [
                    "pokedex.sqlite", "pokemon.png",
                ], "\(shell): \(line)")
        }
    }
}
