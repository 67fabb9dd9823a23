import PokedexBrowse
import TerminalImages
import Testing

/// Pictures over the cells: what is written when they appear, move, go or stay, for kitty
/// (deleted by id) and iTerm2 (no delete: the cells under it rewritten).
@Suite("Image overlay")
struct ImageOverlayTests {
    static func picture(_ imageProtocol: ImageProtocol) -> CellImage {
        CellImage(
            png: [0x89, 0x50, 0x4E, 0x47], imageProtocol: imageProtocol,
            source: PixelRect(x: 1, y: 1, width: 6, height: 6), columns: 3, rows: 2)
    }

    /// The same box from other bytes: a sprite stored again by a sync.
    static let redrawn = CellImage(
        png: [0x89, 0x50, 0x4E, 0x48], imageProtocol: .kitty, source: PixelRect(x: 1, y: 1, width: 6, height: 6),
        columns: 3, rows: 2)

    static func at(_ row: Int, _ column: Int, _ imageProtocol: ImageProtocol, id: Int = 25) -> ImagePlacement {
        ImagePlacement(id: id, row: row, column: column, image: picture(imageProtocol))
    }

    /// A 10×6 screen of text with the rows a picture covers left blank.
    static let screen: ScreenBuffer = {
        var screen = ScreenBuffer(columns: 10, rows: 6)
        screen.put("title", row: 0, column: 0)
        return screen
    }()

    static let kittyDelete = "\u{1B}_Ga=d,d=I,i=25,q=2\u{1B}\\"

    static func draw(_ placement: ImagePlacement) -> String {
        "\u{1B}[\(placement.row + 1);\(placement.column + 1)H" + placement.image.sequence(id: placement.id)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let shown: [ImagePlacement]
        let images: [ImagePlacement]
        let expected: String
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "kitty unchanged: nothing", shown: [at(2, 4, .kitty)], images: [at(2, 4, .kitty)], expected: ""),
        Case(name: "iTerm2 unchanged: nothing", shown: [at(2, 4, .iterm2)], images: [at(2, 4, .iterm2)], expected: ""),
        Case(
            name: "kitty appears: drawn at its box", shown: [], images: [at(2, 4, .kitty)],
            expected: draw(at(2, 4, .kitty))),
        Case(
            name: "kitty moves: placed again by id, its PNG not sent again", shown: [at(2, 4, .kitty)],
            images: [at(3, 4, .kitty)],
            expected: "\u{1B}[4;5H\u{1B}_Ga=p,i=25,p=1,x=1,y=1,w=6,h=6,c=3,r=2,C=1,q=2\u{1B}\\"),
        Case(
            name: "kitty's id with another picture: deleted, the new one sent", shown: [at(2, 4, .kitty)],
            images: [ImagePlacement(id: 25, row: 3, column: 4, image: redrawn)],
            expected: kittyDelete + draw(ImagePlacement(id: 25, row: 3, column: 4, image: redrawn))),
        Case(name: "kitty scrolls out: deleted", shown: [at(2, 4, .kitty)], images: [], expected: kittyDelete),
        Case(
            name: "kitty another entry's: the old deleted, the new drawn", shown: [at(2, 4, .kitty)],
            images: [at(2, 4, .kitty, id: 26)], expected: kittyDelete + draw(at(2, 4, .kitty, id: 26))),
        Case(
            name: "iTerm2 goes: the cells under it written again", shown: [at(2, 4, .iterm2)], images: [],
            expected: "\u{1B}[3;5H\u{1B}[0m   \u{1B}[4;5H   "),
        Case(
            name: "iTerm2 moves: its old cells written, drawn at the new box", shown: [at(2, 4, .iterm2)],
            images: [at(3, 4, .iterm2)], expected: "\u{1B}[3;5H\u{1B}[0m   \u{1B}[4;5H   " + draw(at(3, 4, .iterm2))),
    ]

    @Test(arguments: cases)
    func overlay(_ example: Case) {
        let output = ImageOverlay.output(
            from: Self.screen, example.shown, to: Self.screen, example.images, depth: .trueColor)
        #expect(output == example.expected, "\(output.debugDescription)")
    }

    @Test("a screen drawn whole (a resize, a redraw after SIGCONT) gets its pictures again")
    func redrawnWhole() {
        let kitty = Self.at(2, 4, .kitty)
        let output = ImageOverlay.output(from: nil, [kitty], to: Self.screen, [kitty], depth: .trueColor)
        #expect(output.hasPrefix(Self.kittyDelete + "\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(output.hasSuffix(Self.draw(kitty)))
    }

    @Test("a change elsewhere writes its cells only, the picture left alone")
    func textElsewhere() {
        var next = Self.screen
        next.put("other", row: 0, column: 0)
        let kitty = Self.at(2, 4, .kitty)
        #expect(
            ImageOverlay.output(from: Self.screen, [kitty], to: next, [kitty], depth: .none)
                == "\u{1B}[1;1H\u{1B}[0mother")
    }

    func model(_ imageProtocol: ImageProtocol, rows: Int = 24, _ events: [InputEvent] = []) -> BrowseModel {
        let source = FakeBrowseSource()
        source.picture = Self.picture(imageProtocol)
        var model = BrowseModel(source: source, screens: [.pokedex], columns: 80, rows: rows)
        model.start(at: .zero)
        for event in events { model.handle(event, at: .zero) }
        return model
    }

    @Test("the renderer places the Entry's picture over its blank lines, only while all of it is in the pane")
    func placements() {
        for imageProtocol in [ImageProtocol.kitty, .iterm2] {
            let shown = BrowseRenderer.images(model(imageProtocol))
            #expect(shown == [ImagePlacement(id: 25, row: 2, column: 34, image: Self.picture(imageProtocol))])
            let frame = BrowseRenderer.frame(model(imageProtocol))
            #expect((2..<4).allSatisfy { row in (34..<37).allSatisfy { frame[row, $0] == .blank } })
            #expect(BrowseRenderer.images(model(imageProtocol, [.enter, .down])).isEmpty, "scrolled a line")
            #expect(BrowseRenderer.images(model(imageProtocol, [.tab])).isEmpty, "another section")
            #expect(BrowseRenderer.images(model(imageProtocol, [.character("?")])).isEmpty, "the help over it")
            #expect(BrowseRenderer.images(model(imageProtocol, rows: 4)).isEmpty, "too small to draw")
            #expect(BrowseRenderer.images(model(imageProtocol, [.down])).first?.id == 26, "the next entry's")
        }
    }
}
