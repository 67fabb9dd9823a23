import Testing
import TextUtilities

@testable import PokedexCLI

/// `--color` and what it decides: whether output and errors are coloured, in which depth, and
/// that every escape sequence is pokedex's own.
@Suite("Colour")
struct ColorTests {
    @Test(
        "auto colours a terminal unless NO_COLOR (not empty) or TERM=dumb; always and never decide alone",
        arguments: [
            (ColorChoice.auto, true, [:], true), (.auto, false, [:], false),
            (.auto, true, ["NO_COLOR": "1"], false), (.auto, true, ["NO_COLOR": ""], true),
            (.auto, true, ["TERM": "dumb"], false), (.auto, true, ["TERM": "xterm-256color"], true),
            (.always, false, ["NO_COLOR": "1", "TERM": "dumb"], true), (.never, true, [:], false),
        ] as [(ColorChoice, Bool, [String: String], Bool)])
    func decision(choice: ColorChoice, isTerminal: Bool, environment: [String: String], colors: Bool) {
        #expect(choice.colors(isTerminal: isTerminal, environment: environment) == colors)
    }

    @Test(
        "--color before or after the command, inline or not, in any case; auto when not given",
        arguments: [
            (["list"], ColorChoice.auto), (["--color", "always", "list"], .always),
            (["list", "--color=never"], .never),
            (["show", "pikachu", "--color", "AUTO"], .auto), (["--color", "never", "sync"], .never),
            (["--color=always", "--color", "never", "repos"], .never),
        ])
    func parsing(arguments: [String], choice: ColorChoice) throws {
        #expect(try ArgumentParser.parse(arguments).global.color == choice)
    }

    @Test(
        "256 colours unless COLORTERM announces 24-bit ones",
        arguments: [
            ([:], Palette.Depth.indexed256), (["COLORTERM": "truecolor"], .trueColor),
            (["COLORTERM": "24bit"], .trueColor),
            (["COLORTERM": "TrueColor"], .trueColor), (["COLORTERM": "yes"], .indexed256),
        ])
    func depth(environment: [String: String], depth: Palette.Depth) {
        #expect(Palette(environment: environment).depth == depth)
    }

    @Test("a colour in both depths: the nearest of the 256, or the exact 24-bit one")
    func encodings() {
        let electric = Emphasis.type("electric")
        #expect(Palette(depth: .indexed256).start(electric)?.text == "\u{1B}[38;5;220m")
        #expect(Palette(depth: .trueColor).start(electric)?.text == "\u{1B}[38;2;247;208;44m")
        #expect(Palette(depth: .indexed256).start(.heading)?.text == "\u{1B}[1m")
        #expect(Palette(depth: .indexed256).start(Emphasis()) == nil)
        #expect(Palette.indexed256(.init(0xFF0000)) == 196 && Palette.indexed256(.init(0x808080)) == 244)
        #expect(Palette.indexed256(.init(0x000000)) == 16 && Palette.indexed256(.init(0xFFFFFF)) == 231)
    }

    @Test("every one of the 18 types has its own colour; any other type the neutral one")
    func typeColors() {
        let types = [
            "normal", "fire", "water", "electric", "grass", "ice", "fighting", "poison", "ground", "flying",
            "psychic", "bug", "rock", "ghost", "dragon", "dark", "steel", "fairy",
        ]
        let colors = types.map { Palette.rgb(.type($0)) }
        #expect(Set(colors.map { [$0.red, $0.green, $0.blue] }).count == 18)
        #expect(!colors.contains(Palette.neutralType))
        #expect(Palette.rgb(.type("stellar")) == Palette.neutralType && Palette.rgb(.type("")) == Palette.neutralType)
    }

    @Test("escape sequences in data are shown, never drawn, even inside an emphasis")
    func dataNeverEscapes() {
        let text = StyledText("\u{1B}[31mred\u{7}", .heading) + StyledText("\u{9B}2J")
        #expect(text.rendered(Palette(depth: .indexed256)).text == "\u{1B}[1m^[[31mred^G\u{1B}[0m\\u{9b}2J")
        #expect(text.rendered(nil).text == "^[[31mred^G\\u{9b}2J")
        #expect(text.columns == TerminalColumns.of("^[[31mred^G\\u{9b}2J"))
    }

    @Test("Error: in red as --color says of standard error, whatever standard output is")
    func errorLabel() {
        let console = Console(writeOutput: { _ in }, writeError: { _ in }, outputIsTerminal: true)
        #expect(console.colorsErrors(.always, environment: [:]).errorLabel.text == "\u{1B}[1;31mError:\u{1B}[0m")
        #expect(console.colorsErrors(.auto, environment: [:]).errorLabel.text == "Error:")
        let terminal = Console(
            writeOutput: { _ in }, writeError: { _ in }, outputIsTerminal: false, errorIsTerminal: true)
        #expect(terminal.colorsErrors(.auto, environment: [:]).errorLabel.text != "Error:")
        #expect(terminal.colorsErrors(.never, environment: [:]).errorLabel.text == "Error:")
        #expect(terminal.colorsErrors(.auto, environment: ["NO_COLOR": "x"]).errorLabel.text == "Error:")
    }

    @Test("standard output's layout is coloured only where the choice allows, in COLORTERM's depth")
    func layout() {
        func palette(_ isTerminal: Bool, _ environment: [String: String], _ color: ColorChoice) -> Palette? {
            TerminalLayout(width: 80, color: color, outputIsTerminal: isTerminal, environment: environment).palette
        }
        #expect(palette(false, [:], .auto) == nil && palette(false, [:], .always) == Palette(depth: .indexed256))
        #expect(palette(true, [:], .auto) == Palette(depth: .indexed256) && palette(true, [:], .never) == nil)
        #expect(palette(true, ["COLORTERM": "truecolor"], .auto) == Palette(depth: .trueColor))
        #expect(palette(true, ["NO_COLOR": "1"], .auto) == nil)
    }
}

/// Styled text cut, padded and wrapped by terminal columns, each piece keeping its emphasis.
@Suite("Styled text")
struct StyledTextTests {
    @Test(
        "cut to a width with an ellipsis, wide characters counted as two",
        arguments: [
            ("Charmander", 10, "Charmander"), ("Charmander", 6, "Charm…"), ("ピカチュウ", 6, "ピカ…"),
            ("ピカチュウ", 5, "ピカ…"), ("ab", 1, "…"), ("ab", 0, ""),
        ])
    func truncated(text: String, width: Int, expected: String) {
        let cut = StyledText(text).truncated(to: width)
        #expect(cut.plain == expected)
        #expect(cut.columns <= width)
    }

    @Test("wrapped as LineWrapping wraps, each run keeping its emphasis across the break")
    func wrapped() {
        let text =
            StyledText("2×", .weakness(severe: false)) + " " + StyledText("Water", .type("water")) + ", "
            + StyledText("Electric", .type("electric"))
        let lines = text.wrapped(width: 10)
        #expect(lines.map(\.plain) == ["2× Water,", "Electric"])
        #expect(lines[1].runs == [StyledText("Electric", .type("electric")).runs[0]])
        #expect(lines[0].runs.map(\.emphasis) == [.weakness(severe: false), nil, .type("water"), nil])
    }
}
