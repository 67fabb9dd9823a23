import Foundation
import TestSupport
import Testing

/// `pokedex man [COMMAND]` rendered by groff, as `man` renders it: no warnings, and the
/// synopsis reads as help's usage lines.
@Suite(
    "Manual pages end to end",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is not installed"))
struct ManPageEndToEndTests {
    /// The pages: the tool's, then one per command help lists.
    static func pages() throws -> [String?] {
        let tool = try PokedexProcess.run(["help"]).stdout
        let list = try #require(tool.split(separator: "SUBCOMMANDS:\n").last)
        return [nil] + list.matches(of: #/\n?  ([a-z]+) /#).map { String($0.1) }.filter { $0 != "help" }
    }

    /// `groff -man -Tutf8 -ww` of the page: what it prints and what it warns.
    static func render(_ page: String?) throws -> (text: String, warnings: String) {
        let source = try PokedexProcess.run(["man"] + [page].compactMap { $0 })
        #expect(source.status == 0 && source.stderr.isEmpty)
        let directory = try TemporaryDirectory()
        let file = directory.file("page.1")
        try source.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        // Wide lines, so that a synopsis reads as one line.
        let rendered = try PokedexProcess.run(
            ["-man", "-Tutf8", "-ww", "-P-cbou", "-rLL=300n", file], executable: "/usr/bin/groff")
        #expect(rendered.status == 0)
        // A minus and a hyphen as typed.
        return (rendered.stdout.replacing("\u{2212}", with: "-").replacing("\u{2010}", with: "-"), rendered.stderr)
    }

    @Test("every page renders without a warning")
    func noWarnings() throws {
        for page in try Self.pages() {
            let (text, warnings) = try Self.render(page)
            #expect(warnings.isEmpty, "\(page ?? "pokedex"): \(warnings)")
            #expect(text.contains(page.map { "POKEDEX-\($0.uppercased())(1)" } ?? "POKEDEX(1)"))
        }
    }

    @Test("each command's synopsis reads as its usage lines")
    func synopsisIsUsage() throws {
        for page in try Self.pages().compactMap({ $0 }) {
            let (text, _) = try Self.render(page)
            let usage = try PokedexProcess.run([page, "--help"]).stdout
            let lines = try #require(usage.split(separator: "\n\n").first { $0.hasPrefix("Usage: ") })
            let synopsis = try #require(
                text.split(separator: "SYNOPSIS\n").last?.split(separator: "\nDESCRIPTION").first)
            let words = { (text: Substring) in text.split(whereSeparator: \.isWhitespace).map(String.init) }
            #expect(
                words(synopsis) == words(lines.dropFirst("Usage: ".count)).filter { $0 != "Usage:" }, "\(page)")
        }
    }
}
