/// How many colours the terminal draws: none (`NO_COLOR`, `--color never`: bold and reverse
/// video only), xterm's 256, or 24-bit (`COLORTERM=truecolor`).
public enum ColorDepth: Sendable, Equatable {
    case none, indexed256, trueColor
}
