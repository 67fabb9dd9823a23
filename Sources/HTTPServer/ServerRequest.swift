import TextUtilities

/// One request as the server hands it to a handler: the method, the path and the query
/// exactly as sent (still percent-encoded), and its headers.
public struct ServerRequest {
    public let method: String
    /// The path as sent, percent-encoding and all: routes decode what they accept
    /// (`PercentEncoding.strictlyDecoded`), so that `%00` or `%2F` cannot reach them unseen.
    public let path: String
    /// The query's `name=value` pairs in the order sent, undecoded; a pair without `=` has
    /// an empty value.
    public let query: [(name: String, value: String)]
    /// The peer's address, for the access log.
    public let remoteAddress: String
    private let lookUp: (String) -> String?

    public init(
        method: String, path: String, query: [(name: String, value: String)], remoteAddress: String = "-",
        header lookUp: @escaping (String) -> String?
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.remoteAddress = remoteAddress
        self.lookUp = lookUp
    }

    /// A request header's value (names compare without case); nil when absent.
    public func header(_ name: String) -> String? { lookUp(name) }

    /// The last value of a query parameter, as Django (PokeAPI) and Rails (GitHub) read a
    /// repeated one, percent-decoded as a form's (`+` is a space); nil when absent or
    /// undecodable. Names are compared decoded, as those frameworks do (`%70er_page`).
    public func queryValue(_ name: String) -> String? {
        guard let pair = query.last(where: { Self.names($0.name, name) }) else { return nil }
        return PercentEncoding.strictlyDecoded(pair.value[...], plusIsSpace: true)
    }

    /// Whether the query has a parameter of this name, however its value reads.
    public func hasQueryParameter(_ name: String) -> Bool { query.contains { Self.names($0.name, name) } }

    private static func names(_ sent: String, _ name: String) -> Bool {
        sent == name || PercentEncoding.strictlyDecoded(sent[...], plusIsSpace: true) == name
    }

    /// The query's pairs, each decoded as a form's; undecodable pairs are left out.
    public var decodedQuery: [(name: String, value: String)] {
        query.compactMap { pair in
            guard let name = PercentEncoding.strictlyDecoded(pair.name[...], plusIsSpace: true),
                let value = PercentEncoding.strictlyDecoded(pair.value[...], plusIsSpace: true)
            else { return nil }
            return (name, value)
        }
    }
}
