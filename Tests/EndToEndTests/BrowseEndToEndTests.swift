import Foundation
import LocalDatabase
import LoopbackHTTP
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

/// `pokedex browse` on a pseudo-terminal, as a person runs it: keys typed, the screen read
/// back through a small VT parser, and the terminal's state checked when it ends.
@Suite("browse on a terminal")
struct BrowseEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = try PokedexEntryFixture.databaseFile(in: directory)
    }

    /// Mouse reporting off, the cursor shown, the main screen back: what leaving writes.
    static let restored = "\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    func start(
        _ arguments: [String] = [], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: PokedexProcess.binaryPath, ["--db", database, "browse"] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"].merging(environment) {
                $1
            },
            columns: columns, rows: rows)
    }

    func screen(_ terminal: PseudoTerminal, columns: Int = 80, rows: Int = 24) -> VirtualScreen {
        VirtualScreen(terminal.text, columns: columns, rows: rows)
    }

    func waitForScreen(
        _ terminal: PseudoTerminal, columns: Int = 80, rows: Int = 24, until condition: (VirtualScreen) -> Bool
    ) -> Bool {
        terminal.wait(for: .seconds(10)) { condition(VirtualScreen($0, columns: columns, rows: rows)) }
    }

    /// Whether, after the first `before` bytes, the terminal was restored and then taken over
    /// again with the list drawn anew.
    func handsBackAndRedraws(_ terminal: PseudoTerminal, after before: Int) -> Bool {
        terminal.wait(for: .seconds(10)) { text in
            let after = String(text.utf8.dropFirst(before))!
            guard let left = after.range(of: Self.restored) else { return false }
            return after[left.upperBound...].contains("\u{1B}[?1049h")
                && after[left.upperBound...].contains("#0025 Pikachu")
        }
    }

    @Test("type a search, see the result, open its entry, quit with q: the terminal is restored")
    func searchOpenQuit() throws {
        let terminal = try start()
        #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu") }, "\(screen(terminal).lines)")
        #expect(terminal.text.hasPrefix("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h"))
        terminal.type("rai")
        #expect(
            waitForScreen(terminal) { $0.lines[0].contains("/ rai") && $0.lines[1].contains("#0026 Raichu") },
            "\(screen(terminal).lines)")
        terminal.type("\r")
        #expect(waitForScreen(terminal) { $0.contains("#0026 Raichu · Mouse Pokémon") }, "\(screen(terminal).lines)")
        terminal.type("2")
        #expect(waitForScreen(terminal) { $0.contains("→ Pichu") }, "\(screen(terminal).lines)")
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
        #expect(terminal.text.hasSuffix(Self.restored), "\(terminal.text.suffix(200).debugDescription)")
    }

    @Test("the newest game's moves and the places it is met are sections of their own (4 and 5)")
    func movesAndPlaces() throws {
        let stored = try Database(path: database)
        try PokemonCatalog(database: stored).saveRescannedLearnsets([
            (
                26,
                [
                    LearnedMove(
                        move: "thunder-shock", versionGroup: "red-blue", method: "level-up", level: 1, order: nil),
                    LearnedMove(move: "mega-punch", versionGroup: "red-blue", method: "machine", level: 0, order: nil),
                    LearnedMove(
                        move: "surf", versionGroup: "red-blue", method: "stadium-surfing-pikachu", level: 0, order: nil),
                ]
            )
        ])
        // A way of learning some games have, named as stored; "machine", with no name stored, by its slug.
        try stored.run(
            "INSERT INTO pokeapi_resource (kind, id, name, url) VALUES ('move-learn-method', 5, 'stadium-surfing-pikachu', 'u')"
        )
        try stored.run(
            "INSERT INTO pokeapi_name (kind, id, language, name, folded) VALUES ('move-learn-method', 5, 'en', ?, ?)",
            [.text("Stadium: Surfing Pikachu"), .text(NameFolding.fold("Stadium: Surfing Pikachu"))])
        try stored.run("INSERT INTO version (id, name, version_group) VALUES (1, 'red', 'red-blue')")
        try TypedBodyStore(database: stored).save([
            (
                "pokemon-encounters", 26,
                .encounters([
                    WildEncounter(
                        locationArea: "power-plant-area", version: "red", method: "walk", minLevel: 20, maxLevel: 24,
                        chance: 5, conditions: [])
                ])
            )
        ])
        stored.close()
        let terminal = try start()
        #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu") }, "\(screen(terminal).lines)")
        terminal.type("raichu")
        #expect(waitForScreen(terminal) { $0.lines[1].contains("#0026 Raichu") }, "\(screen(terminal).lines)")
        terminal.type("\r")
        #expect(waitForScreen(terminal) { $0.contains("#0026 Raichu · Mouse Pokémon") }, "\(screen(terminal).lines)")
        terminal.type("4")
        let moveLines = ["1    Thunder Shock", "Machine", "     Mega Punch", "Stadium: Surfing Pikachu", "     Surf"]
        #expect(
            waitForScreen(terminal) { screen in moveLines.allSatisfy(screen.contains) }, "\(screen(terminal).lines)")
        terminal.type("5")
        #expect(
            waitForScreen(terminal) { $0.contains("Power Plant Area (walk, Lv 20–24, 5%)") },
            "\(screen(terminal).lines)")
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
    }

    @Test("learns: with a move's name in another language narrows the list to the Pokémon that learn it")
    func learnsFilter() throws {
        let stored = try Database(path: database)
        let thunderbolt = LearnedMove(
            move: "thunderbolt", versionGroup: "red-blue", method: "machine", level: 0, order: nil)
        try PokemonCatalog(database: stored).saveRescannedLearnsets([
            (25, [thunderbolt]), (26, [thunderbolt]),
            (
                172,
                [
                    LearnedMove(
                        move: "thunder-shock", versionGroup: "gold-silver", method: "level-up", level: 1, order: nil)
                ]
            ),
        ])
        try stored.run("INSERT INTO pokeapi_resource (kind, id, name, url) VALUES ('move', 85, 'thunderbolt', 'u')")
        try stored.run(
            "INSERT INTO pokeapi_name (kind, id, language, name, folded) VALUES ('move', 85, 'de', ?, ?)",
            [.text("Donnerblitz"), .text(NameFolding.fold("Donnerblitz"))])
        stored.close()
        let terminal = try start()
        #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu") }, "\(screen(terminal).lines)")
        terminal.type("/learns:donnerblitz")
        #expect(
            waitForScreen(terminal) {
                $0.lines[0].contains(" 2 of ") && $0.lines[1].contains("#0025 Pikachu")
                    && $0.lines[2].contains("#0026 Raichu")
            },
            "\(screen(terminal).lines)")
        terminal.type(" rai")
        #expect(
            waitForScreen(terminal) { $0.lines[0].contains(" 1 of ") && $0.lines[1].contains("#0026 Raichu") },
            "\(screen(terminal).lines)")
        terminal.type("\r")
        #expect(waitForScreen(terminal) { $0.contains("#0026 Raichu · Mouse Pokémon") }, "\(screen(terminal).lines)")
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
    }

    @Test("SIGTERM restores the terminal and exits 143; SIGINT 130; QUIT and USR1 restore it and end as they do")
    func signals() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, 130), (SIGHUP, 143), (SIGQUIT, 131), (SIGUSR1, 138)] {
            let terminal = try start()
            #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu") })
            terminal.signal(signal)
            #expect(terminal.exit(within: .seconds(10)) == status, "signal \(signal)")
            #expect(terminal.text.hasSuffix(Self.restored), "signal \(signal)")
        }
    }

    @Test("SIGTSTP leaves the screen as it found it; continued, it takes it over and draws again")
    func suspendAndContinue() throws {
        let terminal = try start()
        #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu") })
        let before = terminal.text.utf8.count
        terminal.signal(SIGTSTP)
        // Sent at once, SIGCONT would discard the pending SIGTSTP: as a shell's `fg`, it follows.
        #expect(terminal.wait(for: .seconds(10)) { String($0.utf8.dropFirst(before))?.contains(Self.restored) == true })
        terminal.signal(SIGCONT)
        #expect(handsBackAndRedraws(terminal, after: before), "\(terminal.text.suffix(300).debugDescription)")
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
    }

    @Test("without a terminal it refuses with 64 and points at show and list")
    func notATerminal() throws {
        let result = try PokedexProcess.run(["--db", database, "browse"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.messages.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("pokedex show") && result.stderr.contains("list"))
    }

    @Test("on a dumb terminal it refuses with 64 before taking the screen")
    func dumbTerminal() throws {
        let terminal = try start(environment: ["TERM": "dumb"])
        #expect(terminal.exit(within: .seconds(10)) == 64)
        #expect(terminal.text.contains("TERM is dumb") && terminal.text.contains("pokedex show"), "\(terminal.text)")
        #expect(!terminal.text.contains("\u{1B}[?1049h"), "the alternate screen was never entered")
    }

    @Test("a commit from another connection shows within a second or so, the selection kept")
    func liveRefresh() throws {
        let terminal = try start(["pika"])
        #expect(waitForScreen(terminal) { $0.lines[1].contains("#0025 Pikachu") }, "\(screen(terminal).lines)")
        terminal.type("\r")
        #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu · Mouse Pokémon") })
        let writer = try LocalStore.openForWriting(path: database)
        try writer.run(
            "UPDATE pokemon_species_name SET name = 'Pikachu Live' WHERE language = 'en' AND species_id = 25")
        writer.close()
        #expect(
            waitForScreen(terminal) {
                $0.lines[1].contains("#0025 Pikachu Live") && $0.contains("#0025 Pikachu Live ·")
            },
            "\(screen(terminal).lines)")
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
    }

    @Test("a pokedex sync committing while browse is open shows in the list and the open entry")
    func refreshAfterSync() throws {
        let terminal = try start(["pika"])
        #expect(waitForScreen(terminal) { $0.lines[1].contains("#0025 Pikachu") }, "\(screen(terminal).lines)")
        terminal.type("\r")
        #expect(
            waitForScreen(terminal) { $0.lines[0].hasSuffix("1 of 25 ") && $0.contains("Abilities   Static: Has") },
            "\(screen(terminal).lines)")
        // The fake serves 55 Pokémon, and abilities with effects of its own: what the sync
        // commits, browse must show, the search and the selection kept.
        let api = try FakePokeAPI()
        let sync = try PokedexProcess.run(
            ["--db", database, "sync", "--limit", "49", "--artwork", "none"],
            environment: ["POKEAPI_BASE_URL": api.baseURL])
        #expect(sync.status == 0, "\(sync.stderr)")
        let reader = try Database(path: database, mode: .readOnly)
        let stored = try #require(try reader.queryFirst("SELECT count(*) FROM pokemon") { $0.int(0) })
        reader.close()
        #expect(stored > 25, "the fake's Pokémon were added to the fixture's")
        #expect(
            waitForScreen(terminal) {
                $0.lines[0].hasSuffix("1 of \(stored) ") && $0.lines[1].contains("#0025 Pikachu")
                    && $0.contains("Abilities   Static: Static does something.")
            },
            "\(screen(terminal).lines)")
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
    }

    @Test("a resize redraws at the new size; too small, it says so")
    func resize() throws {
        let terminal = try start()
        #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu") })
        terminal.resize(columns: 100, rows: 30)
        terminal.signal(SIGWINCH)
        #expect(
            waitForScreen(terminal, columns: 100, rows: 30) { $0.lines[29].contains("q quit") },
            "\(screen(terminal, columns: 100, rows: 30).lines)")
        terminal.resize(columns: 50, rows: 12)
        terminal.signal(SIGWINCH)
        #expect(
            waitForScreen(terminal, columns: 50, rows: 12) { $0.lines[0].contains("needs a terminal of at least") })
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
    }

    /// Pichu's, Pikachu's and Raichu's sprites: the entry's and a few list rows'.
    func storeSprite() throws {
        let writer = try LocalStore.openForWriting(path: database)
        for (seed, id) in [172, 25, 26].enumerated() {
            try PokemonImageStore(database: writer).store(
                DownloadedImage(
                    pokemonID: id, kind: .sprite, url: "https://example.org/\(id).png", etag: nil,
                    contentType: "image/png", body: TestSprite.png(seed: seed + 1)))
        }
        writer.close()
    }

    @Test("the stored sprite is drawn in half blocks above the entry, as text; none with NO_COLOR")
    func sprite() throws {
        try storeSprite()
        for (environment, drawn) in [(["COLORTERM": "truecolor"], true), (["NO_COLOR": "1"], false)] {
            let terminal = try start(["pikachu"], environment: environment)
            #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu ·") }, "\(screen(terminal).lines)")
            #expect(terminal.text.contains("▀") == drawn, "\(environment)")
            #expect(terminal.text.contains("\u{1B}[0;38;2;") == drawn, "\(environment)")
            // Half blocks only: no graphics protocol that a multiplexer would show as garbage.
            #expect(!terminal.text.contains("\u{1B}_G") && !terminal.text.contains("\u{1B}]1337"))
            terminal.type("q")
            #expect(terminal.exit(within: .seconds(10)) == 0)
        }
    }

    @Test("in kitty the sprite is a picture, deleted on quit; inside tmux half blocks only")
    func kittySprite() throws {
        try storeSprite()
        let kitty = try start(["pikachu"], environment: ["TERM": "xterm-kitty"])
        #expect(waitForScreen(kitty) { $0.contains("#0025 Pikachu ·") }, "\(screen(kitty).lines)")
        // The 8×8 sprite's visible 6×6 over 6×3 cells, at the pane's top left (row 3, column 35).
        #expect(
            kitty.wait(for: .seconds(10)) {
                $0.contains("\u{1B}[3;35H\u{1B}_Ga=T,f=100,q=2,x=1,y=1,w=6,h=6,c=6,r=3,i=25,p=1,C=1,m=0;")
            })
        // And over the two cells its list row leaves before its number, under an id of its own:
        // sent once to its row in the whole list, placed again on row 2 when the search ran.
        #expect(kitty.text.ranges(of: "c=2,r=1,i=16777241,p=1,C=1,m=0;").count == 1)
        #expect(kitty.text.contains("\u{1B}[2;2H\u{1B}_Ga=p,i=16777241,p=1,x=1,y=1,w=6,h=6,c=2,r=1,C=1,q=2\u{1B}\\"))
        #expect(screen(kitty).lines[1].hasPrefix("    #0025 Pikachu"), "\(screen(kitty).lines)")
        #expect(!kitty.text.contains("▀"), "no half blocks beside it")
        kitty.type("q")
        #expect(kitty.exit(within: .seconds(10)) == 0)
        #expect(kitty.text.hasSuffix("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}[?2004l\u{1B}[?1006l" + Self.restored))
        let tmux = try start(
            ["pikachu"], environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "TMUX": "/tmp/x"])
        #expect(waitForScreen(tmux) { $0.contains("#0025 Pikachu ·") }, "\(screen(tmux).lines)")
        #expect(screen(tmux).lines[1].hasPrefix(" #0025 Pikachu"), "no cells left for a list sprite")
        tmux.type("q")
        #expect(tmux.exit(within: .seconds(10)) == 0)
        #expect(tmux.text.contains("▀") && !tmux.text.contains("\u{1B}_G"))
        let iterm2 = try start(["pikachu"], environment: ["TERM_PROGRAM": "iTerm.app"])
        #expect(waitForScreen(iterm2) { $0.contains("#0025 Pikachu ·") }, "\(screen(iterm2).lines)")
        #expect(screen(iterm2).lines[1].hasPrefix(" #0025 Pikachu"), "\(screen(iterm2).lines)")
        iterm2.type("q")
        #expect(iterm2.exit(within: .seconds(10)) == 0)
        // iTerm2 cannot delete a picture: the entry's alone, none in the list, which scrolls.
        #expect(iterm2.text.ranges(of: "\u{1B}]1337;").count == 1 && !iterm2.text.contains("\u{1B}_G"))
    }

    @Test("Ctrl-Z hands the terminal back before stopping; going on, it takes it over and redraws")
    func controlZ() throws {
        let terminal = try start()
        #expect(waitForScreen(terminal) { $0.contains("#0025 Pikachu") })
        let before = terminal.text.utf8.count
        // The pty's session has no job control: the stop is discarded, and it goes on at once.
        terminal.type("\u{1A}")
        #expect(handsBackAndRedraws(terminal, after: before), "\(terminal.text.suffix(300).debugDescription)")
        terminal.type("q")
        #expect(terminal.exit(within: .seconds(10)) == 0)
    }
}
