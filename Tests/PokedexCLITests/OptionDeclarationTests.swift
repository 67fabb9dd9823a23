import Foundation
import Testing

@testable import PokedexCLI

/// Each option is declared once; these fail when usage, help, the docs' synopsis or a command's
/// parsing has drifted from the declarations.
@Suite("Option declarations")
struct OptionDeclarationTests {
    static let global = Set(GlobalOption.allCases.flatMap { [$0.spec.name] + [$0.spec.shortName].compactMap { $0 } })

    @Test(
        "every usage line names only options its command declares, and each is named by one",
        arguments: CommandName.allCases)
    func usageNamesDeclared(command: CommandName) {
        let declared = Set(command.spec.options.map(\.name))
        let usage = HelpText.usageLine(command == .help ? nil : command)
        let named = Set(usage.matches(of: /\[(--?[a-z-]+)/).map { String($0.1) })
            .union(usage.matches(of: /\| (--?[a-z-]+)/).map { String($0.1) })
        #expect(named.subtracting(declared).subtracting(Self.global).isEmpty, "\(usage)")
        if command != .help { #expect(declared.subtracting(named).isEmpty, "\(usage)") }
    }

    @Test("help lists every declared option once", arguments: CommandName.allCases.filter { $0 != .help })
    func helpListsDeclared(command: CommandName) {
        let help = HelpText.help(command)
        for option in command.spec.options {
            #expect(help.matches(of: try! Regex("\\n  (-[a-z], )?\(option.name)[ \\n]")).count == 1, "\(option.name)")
        }
    }

    /// A command line that reaches each scope of a command, with what an option needs beside it,
    /// and a value for each kind of option.
    static func arguments(_ command: CommandName, _ scope: UsageScope?, for option: OptionSpec) -> [String] {
        if option.name == "--yes" { return ["repos", "--forget", "o/r"] }
        if command == .list && option.name == "--game" { return ["list", "--learns", "thunderbolt"] }
        return switch (command, scope) {
        case (.sync, .repository?): ["sync", "issues", "o/r"]
        case (.sync, .owner?): ["sync", "issues", "o"]
        case (.show, _), (.artwork, _): [command.rawValue, "pikachu"]
        case (.type, _), (.ability, _), (.move, _), (.item, _), (.location, _): [command.rawValue, "fire"]
        case (.issues, _): ["issues", "o/r"]
        case (.issue, _): ["issue", "o/r#1"]
        case (.get, _): ["get", "move/85"]
        default: [command.rawValue]
        }
    }

    static func value(for option: OptionSpec) -> [String] {
        switch option.value {
        case .flag: []
        case .count(let range): [String(range.lowerBound == 0 ? 2 : range.upperBound)]
        case .duration: ["2h"]
        case .url: ["http://127.0.0.1:1/"]
        case .text where option.name == "--lang": ["fr"]
        case .text where option.name == "--resources": ["move,item"]
        case .text where option.name == "--host": ["::1"]
        case .text, .path, .repeatedText: ["electric"]
        case .choice(let choices): [choices.last { option.defaultValue != .text($0) }!]
        }
    }

    @Test(
        "every declared option changes what its command does: none is declared without being read",
        arguments: CommandName.allCases.filter { $0 != .help })
    func everyOptionIsRead(command: CommandName) throws {
        for option in command.spec.options {
            let base = Self.arguments(command, option.scopes.isEmpty ? nil : option.scopes.first, for: option)
            let without = try ArgumentParser.parse(base).command
            let with = try ArgumentParser.parse(base + [option.name] + Self.value(for: option)).command
            #expect(with != without, "\(command.rawValue) \(option.name)")
        }
    }

    @Test("the synopsis in docs/commands.md is the one the declarations give")
    func docsSynopsis() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../docs/commands.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let synopsis = HelpText.synopsis(width: 100)
        #expect(text.contains("```\n" + synopsis + "\n"), "docs/commands.md should show:\n\(synopsis)")
    }
}
