import Testing

@testable import TerminalImages

@Suite struct ProtocolChoiceTests {
    /// Environments terminals really set, and what is drawn with them on a terminal in `auto` mode.
    @Test(
        arguments: [
            ([:], ImageProtocol.ansi256),
            (["TERM": "xterm-256color"], .ansi256),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .truecolor),
            (["TERM": "xterm-256color", "COLORTERM": "24bit"], .truecolor),
            (["TERM": "xterm-256color", "COLORTERM": "TrueColor"], .truecolor),
            (["TERM": "xterm", "COLORTERM": "yes"], .ansi256),
            (["TERM": "xterm-kitty"], .kitty),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], .kitty),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""], .ansi256),
            (["TERM": "xterm-ghostty", "COLORTERM": "truecolor"], .kitty),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"], .kitty),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm", "COLORTERM": "truecolor"], .kitty),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "COLORTERM": "truecolor"], .iterm2),
            (["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], .iterm2),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], .ansi256),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "vscode", "COLORTERM": "truecolor"], .truecolor),
            // tmux and screen drop graphics sequences: half blocks, even in kitty or iTerm2.
            (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"], .ansi256),
            (["TERM": "screen-256color", "KITTY_WINDOW_ID": "1", "COLORTERM": "truecolor"], .truecolor),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "tmux", "LC_TERMINAL": "iTerm2"], .ansi256),
        ] as [([String: String], ImageProtocol)])
    func detectsTheTerminal(environment: [String: String], expected: ImageProtocol) {
        #expect(ImageProtocol.detected(in: environment) == expected)
        #expect(
            ImageProtocol.toDraw(mode: .auto, forced: nil, environment: environment, outputIsTerminal: true) == expected
        )
    }

    static let kitty = ["TERM": "xterm-kitty"]

    /// Whether to draw at all: the mode, the output, NO_COLOR, TERM=dumb, a forced protocol.
    @Test(
        arguments: [
            (ImageDisplayMode.auto, nil, kitty, true, ImageProtocol?.some(.kitty)),
            (.auto, nil, kitty, false, nil),
            (.auto, nil, ["TERM": "xterm-kitty", "NO_COLOR": "1"], true, nil),
            (.auto, nil, ["TERM": "xterm-kitty", "NO_COLOR": ""], true, .kitty),
            (.auto, nil, ["TERM": "dumb"], true, nil),
            (.auto, nil, ["TERM": "dumb", "COLORTERM": "truecolor"], true, nil),
            (.auto, .truecolor, kitty, true, .truecolor),
            (.auto, .kitty, ["TERM": "xterm"], false, nil),
            (.auto, .iterm2, ["TERM": "dumb"], true, nil),
            (.never, nil, kitty, true, nil),
            (.never, .kitty, kitty, true, nil),
            (.always, nil, kitty, false, .kitty),
            (.always, nil, ["TERM": "dumb", "NO_COLOR": "1"], false, .ansi256),
            (.always, .ansi256, ["COLORTERM": "truecolor"], false, .ansi256),
        ] as [(ImageDisplayMode, ImageProtocol?, [String: String], Bool, ImageProtocol?)])
    func decidesWhetherToDraw(
        mode: ImageDisplayMode, forced: ImageProtocol?, environment: [String: String], isTTY: Bool,
        expected: ImageProtocol?
    ) {
        #expect(
            ImageProtocol.toDraw(mode: mode, forced: forced, environment: environment, outputIsTerminal: isTTY)
                == expected)
    }

    /// The spellings `--image-protocol` and `--image` accept.
    @Test func spellsTheOptionValues() {
        #expect(ImageProtocol.allCases.map(\.rawValue) == ["kitty", "iterm2", "truecolor", "256"])
        #expect(ImageDisplayMode.allCases.map(\.rawValue) == ["auto", "always", "never"])
        #expect(ImageProtocol(rawValue: "256") == .ansi256)
    }
}
