/// One request as the ``LoopbackServer`` received it (any request body is read and discarded).
public struct RecordedRequest: Sendable, CustomStringConvertible {
    /// The method token exactly as sent, e.g. `"GET"`.
    public let method: String
    /// The raw request-target, e.g. `"/api/v2/pokemon/?limit=20&offset=0"`.
    public let target: String
    /// The percent-decoded path without query or fragment, e.g. `"/api/v2/pokemon/"`.
    public let path: String
    /// Percent-decoded query parameters (`+` counts as a space); a repeated name keeps its last value.
    public let query: [String: String]
    /// Header fields keyed by lower-cased name; repeated fields are joined with `", "`.
    public let headers: [String: String]

    /// Builds a request the way the server would record it; handy for unit-testing handlers.
    /// - Parameter headers: any capitalisation; names are lower-cased.
    public init(method: String = "GET", target: String, headers: [String: String] = [:]) {
        self.method = method
        self.target = target
        var lowered: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            lowered[key] = lowered[key].map { "\($0), \(value)" } ?? value
        }
        self.headers = lowered
        (self.path, self.query) = RecordedRequest.split(target: target)
    }

    /// The value of a header field, ignoring the capitalisation of `name`.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    public var description: String { "\(method) \(target)" }

    private static func split(target: String) -> (path: String, query: [String: String]) {
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        // Absolute-form ("http://host/p?q") is legal in a request line; only its path matters here.
        let lowered = rest.prefix(8).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let afterScheme = rest[rest.index(rest.firstIndex(of: ":")!, offsetBy: 3)...]
            if let pathStart = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                rest = afterScheme[pathStart...]
            } else {
                rest = ""
            }
        }
        let rawPath: Substring
        var query: [String: String] = [:]
        if let questionMark = rest.firstIndex(of: "?") {
            rawPath = rest[..<questionMark]
            for pair in rest[rest.index(after: questionMark)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = percentDecode(parts[0], plusIsSpace: true)
                let value = parts.count > 1 ? percentDecode(parts[1], plusIsSpace: true) : ""
                query[name] = value
            }
        } else {
            rawPath = rest
        }
        let path = percentDecode(rawPath, plusIsSpace: false)
        return (path.isEmpty ? "/" : path, query)
    }
}

/// Decodes `%XX` escapes as UTF-8; malformed escapes are kept literally rather than rejected.
func percentDecode(_ text: Substring, plusIsSpace: Bool) -> String {
    guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return String(text) }
    let source = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(source.count)
    var index = 0
    while index < source.count {
        let byte = source[index]
        if byte == UInt8(ascii: "%"), index + 2 < source.count,
            let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
        {
            bytes.append(high << 4 | low)
            index += 3
        } else {
            bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
