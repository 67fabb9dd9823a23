import PokedexStore
import Testing

@testable import PokedexCLI

@Suite("Option tables")
struct OptionTableTests {
    static let commandOptions = CommandName.allCases.flatMap(\.spec.options)
    static let allOptions = commandOptions + GlobalOption.allCases.map(\.spec)

    @Test("help shows a default only through the declared value, never as a literal", arguments: allOptions)
    func defaultsAreDeclared(option: OptionSpec) {
        let help = option.help.joined(separator: " ")
        let showsDefault = help.contains("{default}") || help.contains("{choices}")
        #expect(showsDefault == (option.defaultValue != nil), "\(option.name)")
        #expect(help.firstRange(of: /default: [0-9]/) == nil, "\(option.name)")
        if help.contains("{range}") {
            #expect({ if case .count = option.value { true } else { false } }(), "\(option.name)")
        }
    }

    @Test("a command's options and the global ones have distinct names", arguments: CommandName.allCases)
    func distinctNames(command: CommandName) {
        let names = (command.spec.options + GlobalOption.allCases.map(\.spec)).map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test("the defaults help shows are what a command line without the option gets")
    func defaultsMatchParsing() throws {
        guard case .sync(let sync) = try ArgumentParser.parse(["sync"]).command,
            case .list(let list) = try ArgumentParser.parse(["list"]).command,
            case .issues(let issues) = try ArgumentParser.parse(["issues", "o/r"]).command
        else {
            Issue.record("not the commands parsed")
            return
        }
        #expect(SyncOptions.maximumAge.defaultValue == .duration(seconds: sync.maximumDetailAgeSeconds))
        #expect(SyncOptions.offset.defaultValue == .number(sync.offset))
        #expect(SyncOptions.lockWait.defaultValue == .number(sync.lockWaitSeconds))
        // The sync runner fills the nil fields from SyncDefaults (checked against the engine).
        #expect(
            sync.limit == nil && sync.concurrency == nil && sync.retries == nil && sync.maximumWaitSeconds == nil
                && sync.retryWaitSeconds == nil && sync.timeoutSeconds == nil && sync.pokeAPIURL == nil
                && sync.githubURL == nil)
        #expect(ListOptions.offset.defaultValue == .number(list.offset))
        #expect(ListOptions.limit.defaultValue == .number(list.limit))
        #expect(IssuesOptions.limit.defaultValue == .number(issues.filter.limit))
        #expect(IssuesOptions.state.defaultValue == .text(issues.filter.state.rawValue))
    }

    @Test(
        "a duration default is shown in the largest unit and reads back as itself",
        arguments: [
            (0, "0"), (90, "90s"), (1_800, "30m"), (86_400, "1d"), (90_000, "25h"), (1_209_600, "2w"),
        ])
    func durationDefaults(seconds: Int, text: String) {
        #expect(OptionSpec.Default.duration(seconds: seconds).text == text)
        #expect(DurationText.seconds(text) == seconds)
    }

    // Two swaps are two edits here (three for the plain Levenshtein distance the parser used before).
    @Test("did you mean counts an adjacent swap as one edit, like Pokémon name suggestions")
    func swappedLetters() {
        #expect(ArgumentParser.suggestion("--ofsfte", among: ["--limit", "--offset"]) == " (did you mean '--offset'?)")
        #expect(ArgumentParser.suggestion("--zzz", among: ["--limit"]) == "")
        // Equally near, the longer shared start wins, whatever the table's order.
        #expect(
            ArgumentParser.suggestion("--max-wate", among: ["--max-age", "--max-wait"])
                == " (did you mean '--max-wait'?)")
        #expect(
            ArgumentParser.suggestion("--max-wate", among: ["--max-wait", "--max-age"])
                == " (did you mean '--max-wait'?)")
    }
}
