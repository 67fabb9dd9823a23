import Testing

@testable import PokedexBrowse

@Suite("Browse renderer")
struct BrowseRendererTests {
    func frame(columns: Int = 80, rows: Int = 24, _ events: [InputEvent] = []) -> ScreenBuffer {
        var model = BrowseModel(source: FakeBrowseSource(), screens: [.pokedex], columns: columns, rows: rows)
        model.start(at: .zero)
        for event in events { model.handle(event, at: .zero) }
        return BrowseRenderer.frame(model)
    }

    @Test("the list, the entry's tabs and text, and the key line at 80×24")
    func layout() {
        let screen = frame()
        #expect(screen.text(ofRow: 0).hasPrefix(" Pokédex"))
        #expect(screen.text(ofRow: 1).hasPrefix(" #25 Pikachu"))
        #expect(screen.text(ofRow: 1).contains("│  1 Entry  2 Evo  3 Types"))
        #expect(screen.text(ofRow: 2).contains("Pikachu line 1"))
        #expect(screen.text(ofRow: 23).contains("q quit"))
        #expect(screen[1, 1].style.inverse, "the selected row is reversed")
    }

    @Test(
        "a search longer than the title bar shows its end and the cursor",
        arguments: [
            ("learns:thunderbolt type:electric gen:1 pikachu raichu bulbasaur ivysaur", "…"),
            (String(repeating: "ピカチュウ", count: 8), "…"), ("pika", "/ pika▏"),
        ])
    func longSearch(text: String, start: String) {
        let title = frame([.character("/")] + text.map { InputEvent.character($0) }).text(ofRow: 0)
        #expect(title.contains(start) && title.contains(String(text.suffix(4)) + "▏"), "\(title)")
    }

    @Test(
        "the entry's text is laid out for the columns it is drawn in: a line as wide is whole, a wider one cut with …")
    func entryWidth() {
        let source = FakeBrowseSource()
        var model = BrowseModel(source: source, screens: [.pokedex], columns: 80, rows: 24)
        model.start(at: .zero)
        for event: InputEvent in [.enter, .end] { model.handle(event, at: .zero) }
        let width = model.layout.entryTextWidth
        #expect(source.entryWidths.last == width)
        let screen = BrowseRenderer.frame(model)
        let row = (0..<24).map { screen.text(ofRow: $0) }.first { $0.contains("===") } ?? ""
        #expect(row.filter { $0 == "=" }.count == width && row.hasSuffix("="), "\(row)")
        let cut = (0..<24).map { screen.text(ofRow: $0) }.first { $0.contains("Artwork") } ?? ""
        #expect(cut.hasSuffix("a…"), "a cut line says so: \(cut)")
    }

    @Test("the issue list's title says which issues it shows before a filter is typed; the Pokédex's to search")
    func issueListPlaceholder() {
        var model = BrowseModel(
            source: FakeBrowseSource(), screens: [.repositories, .issues(repository: "acme/rocket")], columns: 80,
            rows: 24)
        model.start(at: .zero)
        let title = BrowseRenderer.frame(model).text(ofRow: 0)
        #expect(title.contains("acme/rocket  / to filter: open ones shown, state:all for all"), "\(title)")
        #expect(frame().text(ofRow: 0).contains("Pokédex  / to search"))
    }

    @Test("a thread is laid out and drawn a column in from either edge")
    func threadMargins() {
        let source = FakeBrowseSource()
        var model = BrowseModel(
            source: source, screens: [.repositories, .issues(repository: "acme/rocket")], columns: 70, rows: 20)
        model.start(at: .zero)
        model.runDueSearch(at: .zero)
        model.handle(.enter, at: .zero)
        #expect(source.threadWidths.last == 68)
        let screen = BrowseRenderer.frame(model)
        #expect(screen.text(ofRow: 1).hasPrefix(" acme/rocket#"), "\(screen.text(ofRow: 1))")
    }

    @Test(
        "the section tabs fit: titles, short titles, or numbers with the shown one's title",
        arguments: [
            (100, "│  1 Entry  2 Evolution  3 Matchups "), (80, "│  1 Entry  2 Evo  3 Types "),
            (60, "│  1 Entry  2  3 "),
        ])
    func tabs(columns: Int, expected: String) {
        #expect(frame(columns: columns, rows: 16).text(ofRow: 1).contains(expected))
    }

    @Test(
        "the key line drops hints before the last two until it fits, never cutting a word",
        arguments: [
            (80, "↑↓ move · / search · Enter entry · Tab section · Esc back · ? keys · q quit"),
            (60, "↑↓ move · / search · Enter entry · ? keys · q quit"),
            (20, "? keys · q quit"),
        ])
    func keyLine(columns: Int, expected: String) {
        let keys = ["↑↓ move", "/ search", "Enter entry", "Tab section", "Esc back", "? keys", "q quit"]
        #expect(BrowseRenderer.keyHints(keys, width: columns - 1) == expected)
    }

    @Test("at the smallest size the key line still says how to quit")
    func smallestKeyLine() {
        let screen = frame(columns: 60, rows: 16)
        let keys = screen.text(ofRow: 15)
        #expect(keys.contains("· ? keys · q quit  "), "\(keys)")
    }

    @Test("a row's name comes before its types: forms stay apart, types cut with …")
    func longNames() {
        let source = FakeBrowseSource()
        source.rows = ["Curly", "Droopy"].map {
            FakeBrowseSource.row(
                978, "Tatsugiri (\($0) Form)", names: [], types: ["dragon", "water"], abilities: [])
        }
        var model = BrowseModel(source: source, screens: [.pokedex], columns: 80, rows: 24)
        model.start(at: .zero)
        let rows = [1, 2].map { BrowseRenderer.frame(model).text(ofRow: $0).split(separator: "│")[0] }
        #expect(
            rows[0].hasPrefix(" #978 Tats… (Curly Form)") && rows[1].hasPrefix(" #978 Tat… (Droopy Form)"), "\(rows)")
        #expect(rows.allSatisfy { $0.hasSuffix("… ") }, "cut, a blank before the rule: \(rows)")
    }

    @Test(
        "a name too long for its row is cut before its form, which stays whole where it fits",
        arguments: [
            ("Charizard (Mega X)", 16, "Chariz… (Mega X)"), ("Charizard (Mega X)", 18, "Charizard (Mega X)"),
            ("Tatsugiri (Droopy Form)", 12, "Tatsugiri (…"), ("Mr. Mime", 6, "Mr. M…"),
            ("Pikachu (Rock Star)", 15, "Pi… (Rock Star)"),
        ] as [(String, Int, String)])
    func cutBeforeTheForm(name: String, columns: Int, shown: String) {
        #expect(BrowseRenderer.truncatedKeepingForm(name, to: columns) == shown)
    }

    @Test(
        "an empty list says why: a filter that names nothing stored, an issue query that cannot match",
        arguments: [
            ([BrowseModel.Screen.pokedex], "type:nope", "nothing matches: type:nope names nothing stored"),
            ([.pokedex], "type:nope gen:x", "nothing matches: type:nope, gen:x name nothing stored"),
            ([.pokedex], "zzzz", "nothing matches"),
            ([.repositories, .issues(repository: "acme/rocket")], "state:bogus", "state:bogus is no state"),
            ([.repositories, .issues(repository: "acme/rocket")], "zzzz", "no issue matches"),
        ])
    func emptyListSaysWhy(screens: [BrowseModel.Screen], text: String, notice: String) {
        var model = BrowseModel(source: FakeBrowseSource(), screens: screens, columns: 80, rows: 24)
        model.start(at: .zero)
        model.handle(.character("/"), at: .zero)
        for character in text { model.handle(.character(character), at: .zero) }
        model.runDueSearch(at: .seconds(1))
        let screen = BrowseRenderer.frame(model)
        // Word-wrapped within the list's columns, from its first row.
        let width = screens == [.pokedex] ? model.layout.listWidth : 80
        let rows = (1...3).map { String(screen.text(ofRow: $0).prefix(width)) }
        #expect(rows.joined(separator: " ").split(separator: " ").joined(separator: " ") == notice, "\(rows)")
        if screens == [.pokedex] {
            #expect((1...3).allSatisfy { Array(screen.text(ofRow: $0))[width] == "│" }, "the rule after the list stays")
        }
    }

    @Test("below the minimum size it says so instead of drawing")
    func tooSmall() {
        let screen = frame(columns: 59, rows: 24)
        let message = [0, 1].map { screen.text(ofRow: $0) }.joined(separator: " ").split(separator: " ")
            .joined(separator: " ")
        #expect(message == "pokedex browse needs a terminal of at least 60×16; this one is 59×24. q quits.")
        #expect(screen.text(ofRow: 2).allSatisfy { $0 == " " })
    }

    @Test("? draws the keys over the screen")
    func help() {
        let screen = frame([.character("?")])
        #expect((0..<24).contains { screen.text(ofRow: $0).contains("q  Ctrl-C        quit") })
    }

    @Test(
        "each screen's keys, every line whole, the quit row in the smallest screen",
        arguments: [([BrowseModel.Screen.pokedex], "Pokédex keys", 12), ([.repositories], "Issue keys", 11)])
    func helpPerScreen(screens: [BrowseModel.Screen], heading: String, lines: Int) {
        var model = BrowseModel(source: FakeBrowseSource(), screens: screens, columns: 60, rows: 16)
        model.start(at: .zero)
        model.handle(.character("?"), at: .zero)
        let rows = (0..<16).map { BrowseRenderer.frame(model).text(ofRow: $0) }
        #expect(rows.contains { $0.contains(heading) } && rows.contains { $0.contains("q  Ctrl-C        quit") })
        // The box spans columns 1–58: a line it cut would reach its right border.
        let inside = rows.map(Array.init).filter { $0.count > 58 && $0[1] == "│" }
        #expect(inside.count == lines && inside.allSatisfy { $0[58] == "│" && $0[57] == " " }, "\(rows)")
    }

    @Test(
        "every screen's key line says ? shows the keys",
        arguments: [
            [BrowseModel.Screen.pokedex], [.repositories], [.repositories, .issues(repository: "acme/rocket")],
            [.repositories, .issues(repository: "acme/rocket"), .thread(repository: "acme/rocket", number: 7)],
        ])
    func keyLineNamesHelp(screens: [BrowseModel.Screen]) {
        var model = BrowseModel(source: FakeBrowseSource(), screens: screens, columns: 100, rows: 24)
        model.start(at: .zero)
        let keyLine = BrowseRenderer.frame(model).text(ofRow: 23)
        #expect(keyLine.contains("? keys") && keyLine.contains("q quit"), "\(keyLine)")
    }

    @Test("moving the selection down changes two list rows and the entry, not the title")
    func diffAfterKey() {
        let before = frame()
        let after = frame([.down])
        let output = FrameDiff.output(from: before, to: after, depth: .trueColor)
        #expect(!output.contains("\u{1B}[1;"), "the title row is unchanged")
        #expect(output.contains("\u{1B}[2;"))
        #expect(output.contains("\u{1B}[3;"))
    }
}
