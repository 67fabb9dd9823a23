/// How an image reaches the terminal. The raw values are what `--image-protocol` accepts.
public enum ImageProtocol: String, CaseIterable, Sendable {
    /// kitty's graphics protocol (kitty, Ghostty, WezTerm): the PNG itself, drawn by the terminal.
    case kitty
    /// iTerm2's inline images (iTerm2; WezTerm understands them too): the PNG itself.
    case iterm2
    /// Unicode half blocks in 24-bit colour, two pixels a cell.
    case truecolor
    /// Unicode half blocks in the xterm 256-colour palette, for terminals without 24-bit colour.
    case ansi256 = "256"
}
extension ImageProtocol {
    /// The protocol to draw with, or nil to draw nothing.
    ///
    /// `never` draws nothing; `always` draws even into a pipe; `auto` draws only when the output
    /// is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`. A forced protocol
    /// (`--image-protocol`) says how, never whether: it does not override `auto`'s checks.
    public static func toDraw(
        mode: ImageDisplayMode, forced: ImageProtocol?, environment: [String: String], outputIsTerminal: Bool
    ) -> ImageProtocol? {
        switch mode {
        case .never: return nil
        case .always: break
        case .auto:
            guard outputIsTerminal, environment["NO_COLOR", default: ""].isEmpty, environment["TERM"] != "dumb"
            else { return nil }
        }
        return forced ?? detected(in: environment)
    }

    /// The best protocol the terminal announces in its environment, as terminal image viewers
    /// (chafa, timg, viu) decide without querying the terminal:
    ///
    /// - kitty: `KITTY_WINDOW_ID` set, `TERM` `xterm-kitty` or `xterm-ghostty`, `TERM_PROGRAM`
    ///   `ghostty` or `WezTerm`;
    /// - iTerm2: `TERM_PROGRAM=iTerm.app`, or `LC_TERMINAL=iTerm2` (iTerm2 sets it, and ssh
    ///   passes `LC_*` on where `TERM_PROGRAM` is lost);
    /// - inside tmux or screen neither: they drop graphics sequences unless passthrough is
    ///   configured, and `KITTY_WINDOW_ID` leaks into them from the outer terminal;
    /// - otherwise half blocks: 24-bit when `COLORTERM` is `truecolor` or `24bit` (or `TERM` is a
    ///   `*-direct` terminfo entry, which has 24-bit colour by definition), else 256 colours.
    public static func detected(in environment: [String: String]) -> ImageProtocol {
        let term = environment["TERM", default: ""]
        let program = environment["TERM_PROGRAM", default: ""]
        let multiplexed =
            !environment["TMUX", default: ""].isEmpty || program == "tmux" || term.hasPrefix("screen")
            || term.hasPrefix("tmux")
        if !multiplexed {
            if !environment["KITTY_WINDOW_ID", default: ""].isEmpty || term == "xterm-kitty"
                || term == "xterm-ghostty" || program == "ghostty" || program == "WezTerm"
            {
                return .kitty
            }
            if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .iterm2 }
        }
        switch environment["COLORTERM", default: ""].lowercased() {
        case "truecolor", "24bit": return .truecolor
        default: return term.hasSuffix("-direct") ? .truecolor : .ansi256
        }
    }
}
