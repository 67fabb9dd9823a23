/// `--color WHEN`: whether output is drawn with colour and bold.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// On a terminal, unless NO_COLOR is set and not empty or TERM is `dumb`.
    case auto
    case always
    case never

    /// Whether text written to a stream is coloured: `isTerminal` says whether the stream is a
    /// terminal, per https://no-color.org and `TERM=dumb` for `auto`.
    func colors(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return isTerminal && environment["NO_COLOR", default: ""].isEmpty && environment["TERM"] != "dumb"
        }
    }
}
