import Testing

@testable import PokedexCLI

/// The completion scripts as functions of the command table: what each shell's script says
/// for a small table, and that the real table's every command and option is in each script.
/// Tests/EndToEndTests/ShellCompletionEndToEndTests runs them in the real shells.
@Suite("Completion scripts")
struct CompletionScriptTests {
    /// One command with an option of each kind, and a global option.
    static let sample = CommandTable(
        commands: [
            CommandSpec(
                name: .show, abstract: ["Show it's one."], overview: "", usages: [.init(arguments: "<name>")],
                options: [
                    OptionSpec(name: "--colour", value: .choice(["red", "blue"]), placeholder: "C", help: ["Paint."]),
                    OptionSpec(
                        name: "--out", shortName: "-o", value: .path, placeholder: "FILE",
                        help: ["Where [it] goes: here."]
                    ),
                    OptionSpec(
                        name: "--lang", value: .text, placeholder: "CODE", help: ["In a language."],
                        storedValues: .language),
                    OptionSpec(name: "--a", value: .flag, help: ["A."], group: "g"),
                    OptionSpec(name: "--b", value: .flag, help: ["B (e.g. b). Not this."], group: "g"),
                    OptionSpec(name: "--tag", value: .repeatedText, placeholder: "T", help: ["Tag."]),
                    OptionSpec(name: "--count", value: .count(1...9), placeholder: "N", help: ["Count."]),
                ],
                argumentCompletions: [.stored(.pokemon), .commands], build: { _, _ in .version }),
            CommandSpec(
                name: .repos, abstract: ["List."], overview: "", usages: [.init()], options: [],
                build: { _, _ in .version }),
        ],
        globalOptions: [OptionSpec(name: "--db", value: .path, placeholder: "PATH", help: ["The file."])])

    @Test(
        "each shell's script for a small table says what completes each option and argument",
        arguments: [
            (
                Shell.bash,
                [
                    #"*" --db" | "show --colour" | "show -o" | "show --out" | "show --lang" | "show --tag" | \"#,
                    #"    "show --count") return 0 ;;"#,
                    #"*" --db" | "show -o" | "show --out") _pokedex_files ;;"#,
                    #""show --colour") _pokedex_words 'red blue' ;;"#,
                    #""show --lang") _pokedex_stored language ;;"#,
                    #"show) _pokedex_words '--colour -o --out --lang --a --b --tag --count --db' ;;"#,
                    #"*) _pokedex_words '--db' ;;"#,
                    #"_pokedex_words 'show repos'"#,
                    #""show 0") _pokedex_stored pokemon ;;"#,
                    #""show 1") _pokedex_words 'show repos' ;;"#,
                    "complete -F _pokedex pokedex",
                ]
            ),
            (
                Shell.zsh,
                [
                    "#compdef pokedex",
                    #"        'show:Show it'\''s one.'"#,
                    #"        'repos:List.'"#,
                    #"        --db='[The file.]:PATH:_files' \"#,
                    #"            --colour='[Paint.]:C:(red blue)' \"#,
                    #"            '(-o --out)'{-o,--out=}'[Where \[it\] goes\: here.]:FILE:_files' \"#,
                    #"            --lang='[In a language.]:CODE:_pokedex_stored language' \"#,
                    #"            '(--a --b)'--a'[A.]' \"#,
                    #"            '(--a --b)'--b'[B (e.g. b).]' \"#,
                    #"            '*'--tag='[Tag.]:T: ' \"#,
                    #"            --count='[Count.]:N: ' \"#,
                    #"            '1:<name>:_pokedex_stored pokemon' \"#,
                    #"            '2:argument:_pokedex_commands' && ret=0"#,
                    "    repos)\n        _arguments -S \\\n            --db='[The file.]:PATH:_files' && ret=0",
                ]
            ),
            (
                Shell.fish,
                [
                    #"        case '* --db' 'show --colour' 'show -o' 'show --out' 'show --lang' 'show --tag' 'show --count'"#,
                    "complete -c pokedex -l db -r -F -d 'The file.'",
                    #"complete -c pokedex -n __pokedex_needs_command -a show -d 'Show it\'s one.'"#,
                    "complete -c pokedex -n '__pokedex_using show' -l colour -x -a '(__pokedex_words red blue)' -d 'Paint.'",
                    "complete -c pokedex -n '__pokedex_using show' -s o -l out -r -F -d 'Where [it] goes: here.'",
                    "complete -c pokedex -n '__pokedex_using show' -l lang -x -a '(__pokedex_stored language)' "
                        + "-d 'In a language.'",
                    "complete -c pokedex -n '__pokedex_using show' -l a -d 'A.'",
                    "complete -c pokedex -n '__pokedex_using show' -l count -x -d 'Count.'",
                    "complete -c pokedex -n '__pokedex_argument show 1' -a '(__pokedex_stored pokemon)'",
                    "complete -c pokedex -n '__pokedex_argument show 2' -a '(__pokedex_words show repos)'",
                ]
            ),
        ])
    func smallTable(shell: Shell, lines: [String]) {
        let script = shell.completionScript(Self.sample)
        for line in lines {
            #expect(script.contains(line), "\(shell) script lacks:\n\(line)\n\(script)")
        }
    }

    /// The names each script offers for `command` (its own options and the global ones).
    static func offeredOptions(_ script: String, _ shell: Shell, _ command: CommandSpec) -> Set<String> {
        let name = command.name.rawValue
        switch shell {
        case .bash:
            // The `case $command` arm that lists its options (the default arm when it has none).
            let arm = script.split(separator: "\n").first { line in
                line.wholeMatch(of: /\s+([a-z |*]+)\) _pokedex_words '(-[^']*)' ;;/).map {
                    $0.1.split(separator: " | ").contains { $0 == name || (command.options.isEmpty && $0 == "*") }
                } ?? false
            }
            return Set(arm.map { $0.split(separator: "'")[1].split(separator: " ").map(String.init) } ?? [])
        case .zsh:
            // Its `_arguments` call, between `    show)` and `;;`.
            guard let start = script.range(of: "\n    \(name))\n"),
                let end = script[start.upperBound...].range(of: "\n        ;;")
            else { return [] }
            let block = script[start.upperBound..<end.lowerBound]
            return Set(block.matches(of: /(?:^|[\s{,')])(--?[a-z][a-z-]*)(?=[=\[,}'])/).map { String($0.1) })
        case .fish:
            // Its conditional lines, and the global options' unconditional ones.
            let lines = script.split(separator: "\n").filter {
                $0.hasPrefix("complete -c pokedex -n '__pokedex_using \(name)' -")
                    || ($0.hasPrefix("complete -c pokedex -l") || $0.hasPrefix("complete -c pokedex -s"))
            }
            return Set(
                lines.flatMap { line in
                    line.matches(of: /(?:^| )-(s|l) ([a-z][a-z-]*)/).map { ($0.1 == "s" ? "-" : "--") + $0.2 }
                })
        }
    }

    @Test(
        "each shell's script completes every command and, after each, every option it accepts",
        arguments: Shell.allCases)
    func everyCommandAndOption(shell: Shell) {
        let table = CommandTable.pokedex
        let script = shell.completionScript(table)
        for command in table.commands {
            let expected = Set(table.options(of: command).flatMap(\.names))
            #expect(Self.offeredOptions(script, shell, command) == expected, "\(shell) \(command.name)")
        }
        #expect(Self.offeredCommands(script, shell) == table.commands.map(\.name.rawValue))
    }

    /// The commands each script offers where a command is expected, in order.
    static func offeredCommands(_ script: String, _ shell: Shell) -> [String] {
        switch shell {
        case .bash:
            let lines = script.split(separator: "\n")
            guard let index = lines.firstIndex(of: "    if [[ -z $command ]]; then") else { return [] }
            return lines[index + 1].split(separator: "'").dropFirst().first?.split(separator: " ").map(String.init)
                ?? []
        case .zsh:
            return script.matches(of: /\n        '([a-z]+):/).map { String($0.1) }
        case .fish:
            return script.matches(of: /-n __pokedex_needs_command -a (\S+) -d/).map { String($0.1) }
        }
    }

    @Test("hidden commands are left out of help, usage, the synopsis, completions and the table")
    func hiddenCommands() throws {
        let hidden = CommandName.allCases.filter { $0.spec.isHidden }
        #expect(hidden == [.complete])
        #expect(!CommandName.visible.contains(.complete))
        #expect(!CommandTable.pokedex.commands.contains { $0.name == .complete })
        for text in [HelpText.help(nil), HelpText.usageLine(nil), HelpText.synopsis(width: 100)] {
            #expect(!text.contains("__complete"))
        }
        // The scripts call it, but never offer it as a command.
        for shell in Shell.allCases {
            let script = shell.completionScript(.pokedex)
            #expect(
                !script.contains("__complete:") && !script.contains("-a __complete") && !script.contains(" __complete'")
            )
        }
        // Nor does "did you mean" suggest it.
        #expect(throws: UsageError(message: "unknown command '__complet'", command: nil)) {
            try ArgumentParser.parse(["__complet"])
        }
    }

    @Test("declared words are plain: the scripts put them in unquoted lists and case patterns")
    func plainWords() {
        let table = CommandTable.pokedex
        let options = table.commands.flatMap(\.options) + table.globalOptions
        let completions: [ValueCompletion] =
            options.compactMap(\.valueCompletion) + table.commands.flatMap(\.argumentCompletions)
        let choices: [String] = completions.flatMap { completion -> [String] in
            if case .words(let words) = completion { return words }
            return []
        }
        let names: [String] = table.commands.map(\.name.rawValue) + options.flatMap(\.names)
        for word in names + choices {
            #expect(word.wholeMatch(of: /-{0,2}[a-z0-9][a-z0-9-]*/) != nil, "\(word)")
        }
    }

    @Test(
        "__complete's arguments: a kind and a prefix; anything else asks for nothing, never a usage error",
        arguments: [
            ([], nil, ""), (["pokemon"], .pokemon, ""), (["pokemon", "pi"], .pokemon, "pi"),
            (["repository", "o/r"], .repository, "o/r"), (["move", "th"], .move, "th"), (["gizmo", "pi"], nil, "pi"),
            (["pokemon", "a", "b"], nil, ""),
        ] as [([String], StoredName?, String)])
    func completionRequest(arguments: [String], kind: StoredName?, prefix: String) throws {
        let parsed = try ArgumentParser.parse(["__complete"] + arguments).command
        #expect(parsed == .complete(CompletionRequest(arguments: arguments)))
        guard case .complete(let request) = parsed else { return }
        #expect(request.kind == kind && request.prefix == prefix)
    }

    @Test("a prefix after -- may start with a dash")
    func dashedPrefix() throws {
        let parsed = try ArgumentParser.parse(["--db", "x", "__complete", "pokemon", "--", "-x"])
        #expect(parsed.command == .complete(CompletionRequest(arguments: ["pokemon", "-x"])))
        #expect(parsed.global.databasePath == "x")
    }

    @Test(
        "names a shell takes as one word are offered; names that would need quoting are left out",
        arguments: [
            ("pikachu", true), ("mr-mime", true), ("zh-hant", true), ("octo-org/hello.world#", true), ("ピカチュウ", true),
            ("flabébé", true), ("mr mime", false), ("farfetch'd", false), ("$(reboot)", false), ("a;b", false),
            ("a:b", false), ("a=b", false), ("~root", false), ("tab\tname", false), ("line\nbreak", false), ("", false),
            ("a*", false), ("a\\b", false),
        ])
    func shellWords(name: String, offered: Bool) {
        #expect(CommandRunner.isShellWord(name) == offered)
    }

    @Test("help for a command without options of its own: its usage line, then the global options")
    func helpWithoutOptions() {
        #expect(HelpText.usageLine(.completions) == "Usage: pokedex completions bash|zsh|fish")
        #expect(HelpText.usageLine(.man) == "Usage: pokedex man [COMMAND]")
        #expect(
            HelpText.help(.man).hasSuffix("\n\nUsage: pokedex man [COMMAND]\n\nOPTIONS:\n" + GoldenHelp.globalOptions))
    }

    @Test(
        "completions takes one shell; anything else is a usage error",
        arguments: [
            (["completions", "bash"], nil), (["completions", "fish"], nil),
            (["completions"], "missing the shell (bash, zsh or fish)"),
            (["completions", "tcsh"], "pokedex completes bash, zsh or fish, not 'tcsh'"),
            (["completions", "bash", "zsh"], "unexpected argument 'zsh'"),
        ] as [([String], String?)])
    func completionsArguments(arguments: [String], message: String?) {
        do {
            let command = try ArgumentParser.parse(arguments).command
            #expect(message == nil)
            #expect(command == .completions(Shell(rawValue: arguments[1])!))
        } catch {
            #expect(error == UsageError(message: message ?? "", command: .completions))
        }
    }
}
