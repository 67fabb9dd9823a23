#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How wide the output may be: the terminal's own width when `descriptor` is one, else
/// `$COLUMNS` when it is set, else 80.
public enum TerminalSize {
    public static func columns(of descriptor: Int32, environment: [String: String]) -> Int {
        var size = winsize()
        if isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return 80
    }
}
