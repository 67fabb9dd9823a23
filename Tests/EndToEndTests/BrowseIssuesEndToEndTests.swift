import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `pokedex browse issues` on a pseudo-terminal over a mirror synced from a GitHub look-alike.
@Suite("browse issues on a terminal")
struct BrowseIssuesEndToEndTests {
    let directory: TemporaryDirectory
    let github: FakeGitHub
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        github = try FakeGitHub(
            repositories: [
                .generated(owner: "acme", name: "rocket", issueCount: 40),
                .generated(owner: "acme", name: "launch-pad", issueCount: 1),
            ])
        database = directory.file("pokedex.sqlite")
        for repository in ["acme/rocket", "acme/launch-pad"] {
            let synced = try PokedexProcess.run(
                ["--db", database, "sync", "issues", repository, "--max-wait", "5"],
                environment: ["GITHUB_API_URL": github.baseURL])
            #expect(synced.status == 0, "\(synced.stderr)")
        }
    }

    @Test("repositories → issues filtered as typed → the thread; data drawn safely; back and quit")
    func repositoriesIssuesThread() throws {
        let terminal = try PseudoTerminal(
            executable: PokedexProcess.binaryPath, ["--db", database, "browse", "issues"],
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"])
        func screen() -> VirtualScreen { VirtualScreen(terminal.text, columns: 80, rows: 24) }
        func waitForScreen(_ condition: (VirtualScreen) -> Bool) -> Bool {
            terminal.wait(for: .seconds(10)) { condition(VirtualScreen($0, columns: 80, rows: 24)) }
        }
        #expect(waitForScreen { $0.lines[2].contains("acme/rocket") }, "\(screen().lines)")
        // The counts in one column, whatever the names' lengths.
        let countColumns = screen().lines[1...2].map { line in
            line.firstMatch(of: /acme\/\S+ +/).map { line.distance(from: line.startIndex, to: $0.range.upperBound) }
        }
        #expect(countColumns[0] != nil && countColumns[0] == countColumns[1], "\(screen().lines)")
        terminal.type("\u{1B}[B")
        terminal.type("\r")
        #expect(waitForScreen { $0.lines[0].contains("acme/rocket") && $0.lines[1].contains("open") })
        terminal.type("state:all is:any colour")
        #expect(
            waitForScreen { $0.lines[1].contains("#3 ") && $0.lines[1].contains("Colour ^[[31mred") },
            "\(screen().lines)")
        #expect(!terminal.text.contains("\u{1B}[31mred"), "an escape sequence from data reached the terminal")
        terminal.type("\r")
        terminal.type("\r")
        #expect(waitForScreen { $0.lines[0].contains("acme/rocket#3") }, "\(screen().lines)")
        #expect(screen().lines[1].contains("acme/rocket#3 Colour ^[[31mred"))
        terminal.type("\u{1B}[6~")
        terminal.type("\u{7F}")
        #expect(waitForScreen { $0.lines[1].contains("#3 ") && !$0.lines[0].contains("#3") }, "\(screen().lines)")
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
        #expect(terminal.text.hasSuffix("\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test("#3 alone lists that issue, closed or not, in the columns of an unsearched list")
    func issueByNumber() throws {
        let terminal = try acmeRocketIssues()
        func screen() -> VirtualScreen { VirtualScreen(terminal.text, columns: 80, rows: 24) }
        terminal.type("#3")
        #expect(
            terminal.wait(for: .seconds(10)) { _ in
                screen().lines[1].contains("#3 ") && screen().lines[2].trimmingCharacters(in: .whitespaces).isEmpty
            },
            "\(screen().lines)")
        // A search's list has a MATCHED column (7 wide) before the title; this one has none.
        #expect(
            screen().lines[1].contains("Colour")
                && !screen().lines[1].contains(String(repeating: " ", count: 9) + "Colour"),
            "\(screen().lines[1])")
        terminal.type("\u{3}")
        #expect(terminal.exit(within: .seconds(10)) != nil)
    }

    @Test("a state: that takes none of its values empties the list and says what it takes")
    func badState() throws {
        let terminal = try acmeRocketIssues()
        func screen() -> VirtualScreen { VirtualScreen(terminal.text, columns: 80, rows: 24) }
        terminal.type("state:bogus")
        #expect(
            terminal.wait(for: .seconds(10)) { _ in
                screen().lines[1].contains("state:bogus — state: takes open, closed or all")
            },
            "\(screen().lines)")
        #expect(screen().lines[2].trimmingCharacters(in: .whitespaces).isEmpty, "no issue listed")
        terminal.type("\u{3}")
        #expect(terminal.exit(within: .seconds(10)) != nil)
    }

    /// `browse issues acme/rocket` on an 80×24 terminal, once its open issues are drawn.
    func acmeRocketIssues() throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PokedexProcess.binaryPath, ["--db", database, "browse", "issues", "acme/rocket"],
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"])
        let drawn = terminal.wait(for: .seconds(10)) {
            VirtualScreen($0, columns: 80, rows: 24).lines[1].contains("open")
        }
        #expect(drawn, "\(VirtualScreen(terminal.text, columns: 80, rows: 24).lines)")
        return terminal
    }

    @Test("a repository never synced is said so before the screen is taken, exit 66, as issues says")
    func unsyncedRepository() throws {
        let terminal = try PseudoTerminal(
            executable: PokedexProcess.binaryPath, ["--db", database, "browse", "issues", "nosuch/repo"],
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"])
        #expect(terminal.exit(within: .seconds(10)) == 66)
        #expect(terminal.text.contains("nosuch/repo is not synced yet"), "\(terminal.text)")
        #expect(!terminal.text.contains("\u{1B}[?1049h"), "the alternate screen was never entered")
    }
}
