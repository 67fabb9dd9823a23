import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why a download could not be used. Every case names the URL; server answers also carry
/// the status and the start of the body, so a one-line message says what went wrong.
public enum FetchError: Error, CustomStringConvertible, Equatable {
    /// No HTTP answer at all: refused, timed out, host unknown, connection dropped.
    case unreachable(url: String, reason: String)
    /// An HTTP status the caller cannot use.
    case status(url: String, status: Int, bodyPrefix: String)
    /// A 200 whose body is not JSON (an HTML error page, a CDN's plain "OK").
    case notJSON(url: String, status: Int, bodyPrefix: String)
    /// JSON that does not have the shape the API documents.
    case undecodable(url: String, reason: String, bodyPrefix: String)
    /// A body longer than its resource kind may be (`HTTPRequest.maximumBodyBytes`), refused
    /// before the rest of it was downloaded.
    case tooLarge(url: String, limit: Int)
    /// A link (one a body stored before the API's base URL changed) off the API at `base`:
    /// not requested, since requests go to the API pokedex is given.
    case offAPI(url: String, base: String)

    public var description: String {
        switch self {
        case .unreachable(let url, let reason) where lostConnection:
            // The server was reached: what broke is the answer, cut off or never sent.
            let detail = reason.dropFirst(Self.connectionLost.count).drop { $0 == ":" || $0 == " " }
            return "\(Self.host(of: url)) broke off the connection before its answer was complete"
                + (detail.isEmpty ? "" : " (\(detail))") + " for GET \(url)"
        case .unreachable(let url, let reason):
            return "cannot reach \(Self.host(of: url)) (\(reason)) for GET \(url)"
        case .status(let url, let status, let body):
            return "GET \(url) answered HTTP \(status)" + Self.quote(body)
        case .notJSON(let url, let status, let body):
            return "GET \(url) answered HTTP \(status) with a body that is not JSON" + Self.quote(body)
        case .undecodable(let url, let reason, let body):
            return "GET \(url): unexpected JSON (\(reason))" + Self.quote(body)
        case .tooLarge(let url, let limit):
            return "GET \(url) answered a body larger than \(Self.size(limit)), the most pokedex accepts there; refused"
        case .offAPI(let url, let base):
            return "\(url) is a link stored from an earlier API URL, not followed off the API at \(base); "
                + "a plain `pokedex sync` replaces the links of what this API lists"
        }
    }

    /// Why the request failed in a few words, for a line that names the request already:
    /// "connection refused", "HTTP 503", "a body that is not JSON".
    public var briefReason: String {
        switch self {
        case .unreachable(_, let reason): reason
        case .status(_, let status, _): "HTTP \(status)"
        case .notJSON(_, let status, _): "HTTP \(status) with a body that is not JSON"
        case .undecodable(_, let reason, _): "unexpected JSON (\(reason))"
        case .tooLarge(_, let limit): "a body larger than \(Self.size(limit))"
        case .offAPI: "a link off the API, stored from an earlier API URL"
        }
    }

    /// The reason of an `unreachable` whose connection was made and then broke off (an answer
    /// cut short, or none on an open connection), alone or before what was found broken.
    public static let connectionLost = "connection lost"

    /// Whether the server took the connection before it broke: it can be reached.
    public var lostConnection: Bool {
        guard case .unreachable(_, let reason) = self else { return false }
        return reason == Self.connectionLost || reason.hasPrefix(Self.connectionLost + ":")
    }

    /// A request still unanswered, or its body still arriving, when its total deadline passed.
    public static func pastDeadline(url: String, deadline: Duration) -> FetchError {
        .unreachable(
            url: url, reason: "timed out: no complete answer within \(deadline.secondsText) s")
    }

    /// How many bytes of a body an error keeps: enough to recognise an error page.
    package static let bodyPrefixLength = 120

    /// The start of `body`, spaces collapsed, as an `Excerpt` (ending in its marker when cut).
    package static func prefix(of body: Data) -> String {
        let text = String(decoding: body.prefix(bodyPrefixLength), as: UTF8.self)
        let printable = text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? " " : String(scalar)
        }.joined()
        let collapsed = printable.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return body.count > bodyPrefixLength ? collapsed + Excerpt.marker : collapsed
    }

    private static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        return bytes % 1024 == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }

    private static func quote(_ body: String) -> String {
        body.isEmpty ? "" : ": \"\(body)\""
    }

    private static func host(of url: String) -> String {
        URL(string: url)?.host.map { host in
            URL(string: url)?.port.map { "\(host):\($0)" } ?? host
        } ?? url
    }
}

extension Duration {
    /// The seconds as a person writes them, to the millisecond: `120`, `2.5`.
    package var secondsText: String {
        let seconds = (inSeconds * 1000).rounded() / 1000
        return seconds == seconds.rounded(.towardZero) && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    /// This duration in seconds, fractions included.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
