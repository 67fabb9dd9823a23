import Foundation
import LoopbackHTTP
import TestSupport
import Testing
import TextUtilities

/// Against the shared mirror (real PokeAPI data, all 48 kinds of its root index): after a
/// whole sync, `pokedex get` gives each kind's first entry, and a Pokémon's encounters,
/// byte for byte as the mirror sends them. Skipped without `../shared`.
@Suite(
    "pokedex get against the mirror's real data",
    .enabled(
        if: SharedMirror.script != nil && SharedData.hasPokeAPI,
        "../shared/data/pokeapi or ../shared/tools/mirror is not present"))
struct KindsMirrorEndToEndTests {
    let directory: TemporaryDirectory
    let mirror: SharedMirror
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        mirror = try SharedMirror(["--data-dir", try #require(SharedData.directory) + "/pokeapi"], in: directory)
        database = directory.file("pokedex.sqlite")
    }

    /// `pokedex sync --artwork none ARGUMENTS…` from the mirror, which must succeed.
    func sync(_ arguments: String..., timeout: Double) throws {
        let sync = try PokedexProcess.run(
            ["--db", database, "sync", "--artwork", "none"] + arguments,
            environment: ["POKEAPI_BASE_URL": mirror.origin + "/api/v2"], timeout: timeout)
        try #require(sync.status == 0, "\(sync.stderr)")
    }

    @Test("the first entry of each of the 48 kinds, and pokemon/25/encounters, equal the mirror's bytes")
    func firstOfEveryKind() throws {
        try sync(timeout: 900)

        let client = try RawHTTP(port: mirror.port, timeout: 60)
        func body(_ url: String) throws -> [UInt8] {
            let response = try client.request(String(url.dropFirst(mirror.origin.count)))
            try #require(response.status == 200, "\(url): \(response.status)")
            return response.body
        }
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(try body(mirror.origin + "/api/v2/"))) as? [String: String])
        #expect(index.count == 48, "\(index.keys.sorted())")
        for (kind, listURL) in index.sorted(by: { $0.key < $1.key }) {
            let page = try JSONSerialization.jsonObject(with: Data(try body(listURL + "?limit=1"))) as? [String: Any]
            let first = try #require((page?["results"] as? [[String: Any]])?.first?["url"] as? String, "\(kind)")
            let expected = try body(first)
            let got = try PokedexProcess.run(["--db", database, "get", first])
            #expect(got.status == 0 && got.errors.isEmpty, "get \(first): \(got.stderr)")
            #expect(
                got.stdoutBytes == expected,
                "get \(first): \(got.stdoutBytes.count) bytes, the mirror sent \(expected.count)")
        }
        let encounters = try body(mirror.origin + "/api/v2/pokemon/25/encounters")
        #expect(encounters.count > 2, "pikachu has encounters")
        let got = try PokedexProcess.run(["--db", database, "get", "pokemon/pikachu/encounters"])
        #expect(got.status == 0 && got.stdoutBytes == encounters, "\(got.stderr)")
    }

    @Test("a partial sync of 21 Pokémon takes what their entries show: moves, machines, places, names")
    func partialSyncDisplays() throws {
        try sync("--offset", "24", "--limit", "21", timeout: 300)

        let shown = try PokedexProcess.run(["--db", database, "show", "pikachu", "--lang", "de"])
        #expect(shown.status == 0, "\(shown.stderr)")
        for text in [
            "Karmesin/Purpur: Wangenrubbler (1)", "Donnerblitz (36)", "Egg groups  Feld, Fee",
            // The area is named in English alone; its place, in German too.
            "Grußgefilde",
        ] {
            #expect(shown.stdout.contains(text), "show pikachu --lang de lacks \(text)")
        }
        let move = try PokedexProcess.run(["--db", database, "move", "donnerblitz", "--lang", "de"])
        #expect(move.status == 0 && move.stdout.contains("TM126 (Karmesin/Purpur)"), "\(move.stdout)\(move.stderr)")
        // Its "Learned by" names the 21 Pokémon stored: the note says so.
        #expect(
            move.stderr.contains("holds a partial sync (offset 24 limit 21): the Pokémon named here"), "\(move.stderr)")
        // The moves of the shown games only, not the whole list of 937.
        let status = try PokedexProcess.run(["--db", database, "status", "--json"])
        #expect(status.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let resources = try #require(object["resources"] as? [[String: Any]])
        let moves = try #require(resources.first { $0["resource"] as? String == "move" }, "status lists the moves")
        let counts = try #require(moves["counts"] as? [String: Int])
        #expect((100..<400).contains(counts["moves"] ?? 0), "moves stored: \(counts)")
        let body = try PokedexProcess.run(["--db", database, "get", "move/thunderbolt"])
        #expect(body.status == 0 && body.stdout.hasPrefix("{"), "get without a stored index: \(body.stderr)")
    }

    @Test("a name several places share: the note naming the others wraps at a terminal's 80 columns")
    func sharedNameOnATerminal() throws {
        try sync("--resources", "location", timeout: 300)
        let terminal = try PseudoTerminal(
            executable: PokedexProcess.binaryPath, ["--db", database, "location", "route 1"],
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"])
        #expect(terminal.exit(within: .seconds(30)) == 0, "\(terminal.text)")
        let lines = terminal.text.split(separator: "\r\n").map(String.init)
        #expect(terminal.text.contains("also names") && terminal.text.contains("galar-route-1"), "\(terminal.text)")
        for line in lines { #expect(TerminalColumns.of(line) <= 80, "\(line)") }
    }

    @Test("a form PokeAPI names in few languages: the species' name with the form's own, in the heading and the line")
    func formNamesInJapanese() throws {
        try sync("--resources", "pokemon,pokemon-species,evolution-chain,pokemon-form", timeout: 600)
        let shown = try PokedexProcess.run(["--db", database, "show", "raichu-alola", "--lang", "ja"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("#0026 ライチュウ (アローラのすがた) · "), "\(shown.stdout)")
        #expect(shown.stdout.contains("→ ライチュウ (アローラのすがた) ("), "\(shown.stdout)")
        #expect(!shown.stdout.contains("Alolan"), "\(shown.stdout)")
    }
}
