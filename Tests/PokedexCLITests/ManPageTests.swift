import Foundation
import Testing

@testable import PokedexCLI

/// The manual pages as functions of the command table, and roff's escaping. The pages are
/// rendered by groff in Tests/EndToEndTests/ManPageEndToEndTests.
@Suite("Manual pages")
struct ManPageTests {
    static let table = CommandTable.pokedex

    /// Requests a page may use; any other line starting with `.` or `'` would be text roff
    /// took for a request.
    static let requests: Set<Substring> = ["TH", "SH", "PP", "TP", "SY", "YS", "RS", "RE", "nf", "fi", "ad", "BR"]

    static func checkSyntax(_ page: String) {
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.isEmpty, "an empty line prints a blank line")
            #expect(line.allSatisfy { $0.isASCII }, "\(line)")
            if line.first == "." {
                #expect(Self.requests.contains(line.dropFirst().prefix { $0 != " " }), "\(line)")
            }
            #expect(line.first != "'", "\(line)")
            // Every backslash starts an escape pokedex writes on purpose.
            let escapes = line.matches(of: /\\(.)/).map(\.1)
            #expect(escapes.allSatisfy { "fe-&[% ".contains($0) }, "\(line)")
        }
    }

    @Test(
        "each command's page has its usage lines, its overview and every option it accepts, with help's text",
        arguments: CommandName.visible.filter { $0 != .help })
    func commandPage(command: CommandName) {
        let spec = command.spec
        let page = ManPage.page(spec, Self.table)
        Self.checkSyntax(page)
        #expect(page.hasPrefix(".TH \"POKEDEX\\-\(command.rawValue.uppercased())\" 1 "))
        #expect(page.contains(".SH \"NAME\"\npokedex\\-\(command.rawValue) \\- "))
        #expect(
            page.components(separatedBy: ".SY pokedex\n\\fB\(command.rawValue)\\fR\n").count == spec.usages.count + 1)
        for line in spec.overview.split(separator: "\n") {
            #expect(page.contains(Roff.text(String(line.drop { $0 == " " }))), "\(line)")
        }
        let options = page.split(separator: ".SH \"OPTIONS\"\n").last.map(String.init) ?? ""
        for option in Self.table.options(of: spec) {
            let tag =
                option.names.map(Roff.bold).joined(separator: ", ")
                + (option.placeholder.map { " " + Roff.italic($0) } ?? "")
            #expect(
                options.contains(".TP\n" + tag + "\n" + Roff.lines(HelpText.helpLines(option)) + "\n"), "\(option.name)"
            )
        }
        for usage in spec.usages {
            for option in spec.options(for: usage) {
                let named = ["[", "|\\ "].contains { page.contains($0 + Roff.bold(option.name)) }
                #expect(named, "\(option.name) in the synopsis")
            }
        }
        #expect(page.hasSuffix(".SH \"SEE ALSO\"\n\\fBpokedex\\fR(1)"))
    }

    @Test("help shows the defaults the pages show")
    func defaults() {
        let sync = ManPage.page(CommandName.sync.spec, Self.table)
        #expect(sync.contains("(default: 1d; 0 revalidates"))
        #expect(sync.contains("Images to store with the data: none, sprites (default) or all."))
        #expect(sync.contains("\\%{default}).") == false && !sync.contains("{default}"))
    }

    @Test("pokedex(1) lists every command, the global options, the environment, files and every exit status")
    func toolPage() throws {
        let page = ManPage.page(nil, Self.table)
        Self.checkSyntax(page)
        #expect(page.hasPrefix(".TH \"POKEDEX\" 1 \"\" \"pokedex 0.1.0\" \"pokedex manual\"\n"))
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "SEE ALSO",
        ] {
            #expect(page.contains("\n.SH \"\(section)\"\n"), "\(section)")
        }
        for command in Self.table.commands {
            #expect(
                page.contains(".TP\n\\fB\(command.name.rawValue)\\fR\n" + Roff.lines(command.abstract)),
                "\(command.name)")
            if command.name != .help {
                #expect(page.contains(".BR pokedex\\-\(Roff.literal(command.name.rawValue)) (1)"), "\(command.name)")
            }
        }
        for option in Self.table.globalOptions {
            #expect(page.contains(Roff.lines(HelpText.helpLines(option))), "\(option.name)")
        }
        for code in ExitCode.allCases {
            #expect(page.contains(".TP\n\\fB\(code.rawValue)\\fR\n" + Roff.text(code.meaning) + "\n"), "\(code)")
        }
        for entry in EnvironmentVariables.all {
            #expect(page.contains(".TP\n" + entry.names.map(Roff.bold).joined(separator: ", ") + "\n"))
        }
        #expect(!page.contains("__complete"))
    }

    @Test("the environment pokedex(1) lists is the README's table")
    func environmentMatchesReadme() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../README.md"),
            encoding: .utf8)
        let section = try #require(
            readme.split(separator: "## Environment variables").last?.split(separator: "\n## ").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let documented = Set(
            rows.flatMap { row in row.split(separator: "|")[0].matches(of: /`([A-Za-z_]+)`/).map { String($0.1) } })
        let listed = Set(EnvironmentVariables.all.flatMap(\.names))
        #expect(documented == listed)
        #expect(documented.count > 20)
        // Each meaning as the README words it, less its code marks and its link to docs/.
        let meanings = rows.map { row in
            String(row.split(separator: "|")[1]).trimmingCharacters(in: .whitespaces).replacing("`", with: "")
                .replacing(/: \[[^\]]*\]\([^)]*\)/, with: "")
        }
        #expect(meanings == EnvironmentVariables.all.map(\.meaning))
    }

    @Test("the loops in the README and commands.md install a page for every command")
    func installLoops() throws {
        let commands = CommandName.visible.filter { $0 != .help }.map(\.rawValue).joined(separator: " ")
        for file in ["README.md", "docs/commands.md"] {
            let text = try String(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                    "../../" + file),
                encoding: .utf8)
            #expect(text.contains("for c in \(commands); do pokedex man $c > "), "\(file)")
        }
    }

    @Test(
        "roff: text prints as it reads",
        arguments: [
            ("plain words", "plain words"),
            (".starts with a dot", "\\&.starts with a dot"),
            ("'quoted' at the start", "\\&'quoted' at the start"),
            ("a \\ backslash", "a \\e backslash"),
            ("--max-age and -o FILE", "\\-\\-max\\-age and \\-o FILE"),
            (
                "'sync --artwork all' (--full, or -q/--quiet)",
                "\\&'sync \\-\\-artwork all' (\\-\\-full, or \\%\\-q/\\-\\-quiet)"
            ),
            ("read-only, zh-hant, pokedex-sync", "read-only, zh-hant, pokedex-sync"),
            ("Pokémon …", "Pok\\[u00E9]mon \\[u2026]"),
            ("𝄞", "\\[u1D11E]"),
            ("~/.local/share/x.sqlite, else", "\\%~/.local/share/x.sqlite, else"),
            ("\\fB", "\\efB"),
        ])
    func roffText(text: String, roff: String) {
        #expect(Roff.text(text) == roff)
    }

    @Test("roff: every hyphen of a literal word is a minus")
    func roffLiteral() {
        #expect(Roff.literal("pokedex-sync") == "pokedex\\-sync")
        #expect(Roff.bold("--image-protocol") == "\\fB\\-\\-image\\-protocol\\fR")
        #expect(Roff.italic("<name-or-id>") == "\\fI<name\\-or\\-id>\\fR")
        #expect(Roff.lines(["  indented", "", ".dot"]) == "indented\n\\&.dot")
    }

    @Test(
        "man takes an optional command; help's page is the tool's",
        arguments: [
            (["man"], Command.man(nil)), (["man", "sync"], .man(.sync)), (["man", "help"], .man(nil)),
            (["man", "completions"], .man(.completions)),
        ])
    func manArguments(arguments: [String], command: Command) throws {
        #expect(try ArgumentParser.parse(arguments).command == command)
    }

    @Test("man refuses an unknown command and a second argument")
    func manRefusals() {
        #expect(throws: UsageError(message: "unknown command 'shwo' (did you mean 'show'?)", command: .man)) {
            try ArgumentParser.parse(["man", "shwo"])
        }
        #expect(throws: UsageError(message: "unexpected argument 'list'", command: .man)) {
            try ArgumentParser.parse(["man", "show", "list"])
        }
    }
}
