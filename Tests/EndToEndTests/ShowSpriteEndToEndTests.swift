import Foundation
import LoopbackHTTP
import SQLiteDatabase
import TestSupport
import Testing

/// `show` drawing the stored sprite: on a terminal (a pty, through script(1)) and not when piped.
@Suite("pokedex show draws the stored sprite end to end")
struct ShowSpriteEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
        let host = try FakeImageHost()
        var catalog = FakePokemon.standardCatalog()
        catalog[0].sprite = host.url("/sprites/1.png")
        host.set("/sprites/1.png", FakeImageHost.Image(body: TestSprite.png(seed: 1)))
        let api = try FakePokeAPI(catalog: catalog)
        let sync = try PokedexProcess.run(
            ["--db", database, "sync"], environment: ["POKEAPI_BASE_URL": api.baseURL])
        try #require(sync.status == 0, "\(sync.stderr)")
    }

    /// `pokedex arguments…` on a pseudo-terminal: what the terminal received (stdout and stderr).
    func onTerminal(_ arguments: [String], environment: [String: String]) throws -> PokedexProcess.Result {
        let command = ([PokedexProcess.binaryPath, "--db", database] + arguments).map(Self.quoted).joined(
            separator: " ")
        return try PokedexProcess.run(
            ["-q", "-e", "-c", command, "/dev/null"], environment: environment, executable: "/usr/bin/script")
    }

    static func quoted(_ argument: String) -> String { "'" + argument.replacing("'", with: "'\\''") + "'" }

    static let truecolor = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]

    @Test("on a terminal the sprite is drawn above the entry in half blocks; piped, or with --image never, it is not")
    func drawnOnTerminalOnly() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) from util-linux")
        let drawn = try onTerminal(["show", "bulbasaur"], environment: Self.truecolor)
        #expect(drawn.status == 0, "\(drawn.stdout)")
        let image = try #require(drawn.stdout.range(of: "▀"), "\(drawn.stdout)")
        let entry = try #require(drawn.stdout.range(of: "Bulbasaur"), "\(drawn.stdout)")
        #expect(image.lowerBound < entry.lowerBound, "the sprite comes above the entry")
        #expect(drawn.stdout.contains("\u{1B}[38;2;"), "24-bit colour with COLORTERM=truecolor")

        let never = try onTerminal(["show", "bulbasaur", "--image", "never"], environment: Self.truecolor)
        #expect(never.status == 0 && never.stdout.contains("Bulbasaur") && !never.stdout.contains("▀"))
        let noColor = try onTerminal(
            ["show", "bulbasaur"], environment: Self.truecolor.merging(["NO_COLOR": "1"]) { $1 })
        #expect(!noColor.stdout.contains("▀"), "NO_COLOR draws nothing")

        let piped = try PokedexProcess.run(["--db", database, "show", "bulbasaur"], environment: Self.truecolor)
        #expect(piped.status == 0 && piped.stdout.contains("Bulbasaur"))
        #expect(!piped.stdout.contains("▀") && !piped.stdout.contains("\u{1B}"), "nothing drawn into a pipe")
        let forced = try PokedexProcess.run(
            ["--db", database, "show", "bulbasaur", "--image", "always", "--image-protocol", "256"],
            environment: Self.truecolor)
        #expect(forced.stdout.contains("▀") && forced.stdout.contains("\u{1B}[38;5;"), "forced: 256 colours")
    }

    @Test("artwork refuses to write PNG bytes to a terminal, with one line and exit 64")
    func artworkNotToTerminal() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) from util-linux")
        let result = try onTerminal(["artwork", "bulbasaur"], environment: Self.truecolor)
        #expect(result.status == 64, "\(result.stdout)")
        #expect(!result.stdout.contains("PNG") && result.stdout.contains("-o FILE"), "\(result.stdout)")
        let file = directory.file("bulbasaur.png")
        let written = try onTerminal(["artwork", "bulbasaur", "-o", file], environment: Self.truecolor)
        #expect(written.status == 0)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == TestSprite.png(seed: 1))
    }

    @Test("a stored sprite that does not decode gives one line on stderr, and the entry still prints")
    func corruptSprite() throws {
        let garbage = Array("\u{89}PNG\r\n\u{1A}\n\u{1B}]52;c;evil\u{07} not really".utf8)
        // Written behind pokedex's back, as another program (or a damaged disk) could.
        let connection = try Database(path: database)
        try connection.run(
            "UPDATE pokemon_image SET body = ?1, byte_size = length(?1) WHERE pokemon_id = 1", [.blob(garbage[...])])
        connection.close()
        let result = try PokedexProcess.run(
            ["--db", database, "show", "bulbasaur", "--image", "always"], environment: Self.truecolor)
        #expect(result.status == 0 && result.stdout.contains("Bulbasaur"))
        #expect(
            !result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"), "no byte of it reaches the terminal"
        )
        #expect(
            result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("cannot be drawn"),
            "\(result.stderr)")
    }
}
