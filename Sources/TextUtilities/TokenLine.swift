/// How a token is read from a file or a variable, by `serve` and by `sync` alike: the first
/// line without the CR, spaces or tabs around it (`printf 'TOKEN\r\n'`, an editor's CRLF,
/// `"$(cat token)"`, which keeps a CRLF file's CR; a header's value cannot carry them at its
/// ends, and a line break inside would end the header line it is sent on).
public enum TokenLine {
    /// Split by bytes: a String takes "\r\n" for one Character and would keep both.
    public static func first(_ contents: [UInt8]) -> String {
        let blank: (UInt8) -> Bool = { [UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains($0) }
        var line = contents.prefix { $0 != UInt8(ascii: "\n") }.drop(while: blank)
        while let last = line.last, blank(last) { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// Whether `token` can go in a header as it is: no control character (a CR, a tab) inside,
    /// which would end the header line or be read differently by each side.
    public static func isPrintable(_ token: String) -> Bool {
        !token.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// The token `variable` holds, nil when it is unset or holds no text.
    public static func fromEnvironment(_ variable: String, _ environment: [String: String]) -> String? {
        environment[variable].map { first(Array($0.utf8)) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
