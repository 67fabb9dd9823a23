import PokedexBrowse
import TerminalImages
import Testing

/// kitty's sprites in the list's rows: which rows get one, where, under which ids, what is read
/// for them, and what a move or a scroll writes.
@Suite("List sprites")
struct ListSpriteTests {
    /// A 2×1 picture per Pokémon: the PNG bytes differ, so a test sees whose sprite is where.
    static func sprite(_ id: Int) -> CellImage {
        CellImage(
            png: [0x89, 0x50, UInt8(id % 256), UInt8(id / 256)], imageProtocol: .kitty,
            source: PixelRect(x: 0, y: 0, width: 8, height: 8), columns: 2, rows: 1)
    }

    /// The entry pane's picture, for the ids the list's must not share.
    static let entryPicture = CellImage(
        png: [0x89, 0x50, 0, 0], imageProtocol: .kitty, source: PixelRect(x: 1, y: 1, width: 6, height: 6), columns: 3,
        rows: 2)

    /// Forty Pokémon, ids 1–40, of which those in `withSprites` have one stored.
    static func source(shows: Bool = true, withSprites: Set<Int> = Set(1...40)) -> FakeBrowseSource {
        let source = FakeBrowseSource()
        source.rows = (1...40).map {
            FakeBrowseSource.row($0, "Mon \($0)", names: ["mon \($0)"], types: ["normal"], abilities: [])
        }
        source.showsListSprites = shows
        source.listSprites = Dictionary(uniqueKeysWithValues: withSprites.map { ($0, sprite($0)) })
        source.picture = entryPicture
        return source
    }

    static func model(_ source: FakeBrowseSource, rows: Int = 24, _ events: [InputEvent] = []) -> BrowseModel {
        var model = BrowseModel(source: source, screens: [.pokedex], columns: 80, rows: rows)
        model.start(at: .zero)
        model.startListSprites()
        for event in events { model.handle(event, at: .zero) }
        return model
    }

    /// The list's placements: kitty's ids above every Pokémon id, at the two cells after the row's
    /// leading space, on the screen rows 1 onwards.
    static func listed(_ ids: [Int], firstRow: Int = 1) -> [ImagePlacement] {
        ids.enumerated().map { offset, id in
            ImagePlacement(id: (1 << 24) + id, row: firstRow + offset, column: 1, image: sprite(id))
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let shows: Bool
        let withSprites: Set<Int>
        let rows: Int
        let events: [InputEvent]
        let expected: [ImagePlacement]
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "each row in view, none below it", shows: true, withSprites: Set(1...40), rows: 24, events: [],
            expected: listed(Array(1...22))),
        Case(
            name: "rows without a stored sprite get none", shows: true, withSprites: [2, 5, 30], rows: 24, events: [],
            expected: listed([2], firstRow: 2) + listed([5], firstRow: 5)),
        Case(
            name: "scrolled to the end: the last rows in view", shows: true, withSprites: Set(1...40), rows: 24,
            events: [.end], expected: listed(Array(19...40))),
        Case(
            name: "a smaller screen: fewer rows", shows: true, withSprites: Set(1...40), rows: 16, events: [],
            expected: listed(Array(1...14))),
        Case(
            name: "half blocks or iTerm2: none", shows: false, withSprites: Set(1...40), rows: 24, events: [],
            expected: []),
        Case(
            name: "help drawn over the screen: none", shows: true, withSprites: Set(1...40), rows: 24,
            events: [.character("?")], expected: []),
        Case(
            name: "a terminal too small: none", shows: true, withSprites: Set(1...40), rows: 10, events: [],
            expected: []),
    ]

    @Test(arguments: cases)
    func placements(_ example: Case) {
        let model = Self.model(
            Self.source(shows: example.shows, withSprites: example.withSprites), rows: example.rows, example.events)
        let list = BrowseRenderer.images(model).filter { $0.image.columns == 2 && $0.image.rows == 1 }
        #expect(list == example.expected)
    }

    @Test("the list's ids differ from the entry's picture's, which shows the selected Pokémon")
    func distinctIDs() throws {
        let images = BrowseRenderer.images(Self.model(Self.source()))
        let entry = try #require(images.first { $0.image == Self.entryPicture })
        #expect(entry.id == 1)
        #expect(images.filter { $0.id == entry.id }.count == 1)
        #expect(images.count == 23, "22 rows and the entry's")
    }

    @Test("a row leaves two blank cells and a space before its number, only where kitty draws sprites")
    func reservedCells() {
        for (shows, numberColumn) in [(true, 4), (false, 1)] {
            let frame = BrowseRenderer.frame(Self.model(Self.source(shows: shows)))
            let row = (0..<12).map { frame[2, $0].text }.joined()
            #expect(row.hasPrefix(String(repeating: " ", count: numberColumn) + "#2 Mon 2"), "\(row)")
        }
    }

    @Test("only the rows in view are read, and a scroll reads the row it brings")
    func readsRowsInView() {
        let source = Self.source()
        var first = BrowseModel(source: source, screens: [.pokedex], columns: 80, rows: 24)
        first.start(at: .zero)
        #expect(
            source.listSpriteReads.isEmpty && BrowseRenderer.images(first).count == 1, "the first frame waits for none")
        var model = Self.model(source)
        #expect(source.listSpriteReads == Array(1...22))
        for _ in 0..<21 { model.handle(.down, at: .zero) }
        #expect(source.listSpriteReads == Array(1...22), "moves within the view read nothing")
        model.handle(.down, at: .zero)
        #expect(source.listSpriteReads == Array(1...23))
        let hidden = Self.source(shows: false)
        _ = Self.model(hidden)
        #expect(hidden.listSpriteReads.isEmpty, "nothing read where no sprite is drawn")
    }

    @Test("a move that scrolls the list places the moved rows again, sends the new one, deletes the gone one")
    func scrollWrites() {
        var model = Self.model(Self.source())
        for _ in 0..<21 { model.handle(.down, at: .zero) }
        let before = (BrowseRenderer.frame(model), BrowseRenderer.images(model))
        model.handle(.down, at: .zero)
        let after = (BrowseRenderer.frame(model), BrowseRenderer.images(model))
        let output = ImageOverlay.output(from: before.0, before.1, to: after.0, after.1, depth: .trueColor)
        #expect(output.hasPrefix(GraphicsProtocolEncoder.kittyDelete(id: (1 << 24) + 1)), "row 1 went")
        for (offset, id) in (2...22).enumerated() {
            let placed = Self.sprite(id).kittyPlacement(id: (1 << 24) + id)
            #expect(output.contains("\u{1B}[\(offset + 2);2H" + placed), "row \(id) moved up")
            #expect(!output.contains(Self.sprite(id).sequence(id: (1 << 24) + id)), "row \(id) not sent again")
        }
        #expect(output.contains("\u{1B}[23;2H" + Self.sprite(23).sequence(id: (1 << 24) + 23)), "row 23 came")
        // The gone row's and the old entry's deletes, 21 placed again, the new row's and entry's sent.
        #expect(output.ranges(of: "\u{1B}_G").count == 2 + 21 + 2)
    }

    @Test("a move within the view writes no list sprite")
    func moveWrites() {
        var model = Self.model(Self.source())
        let before = (BrowseRenderer.frame(model), BrowseRenderer.images(model))
        model.handle(.down, at: .zero)
        let after = (BrowseRenderer.frame(model), BrowseRenderer.images(model))
        let output = ImageOverlay.output(from: before.0, before.1, to: after.0, after.1, depth: .trueColor)
        #expect(!output.contains(",c=2,r=1,"))
    }
}
