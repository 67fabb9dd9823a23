/// Which stored PokeAPI body a user names: `move/85`, `move/thunderbolt`, a path
/// (`/api/v2/pokemon/25/encounters`) or a whole URL, as `pokedex get` takes them.
public struct StoredResourcePath: Sendable, Equatable {
    /// The kind's endpoint name: `move`, `pokemon-species`.
    public let kind: String
    /// An id (`85`, `-1`) or a name, lower-cased.
    public let key: String
    /// The Pokémon's encounters (`pokemon/25/encounters`) rather than the Pokémon.
    public let isEncounters: Bool

    public init(kind: String, key: String, isEncounters: Bool = false) {
        self.kind = kind
        self.key = key
        self.isEncounters = isEncounters
    }

    /// Parsed from the text; nil when it names no single resource. A URL's scheme and host,
    /// and a leading `/api/v2/` or `api/v2/`, are dropped; so are a trailing slash, a query
    /// and a fragment.
    public init?(_ text: String) {
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":") {
            rest = rest[rest.index(after: colon)...].drop { $0 == "/" }
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        var segments = rest.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if segments.count >= 2, segments[0] == "api", segments[1] == "v2" { segments.removeFirst(2) }
        let isEncounters = segments.count == 3 && segments[0] == "pokemon" && segments[2] == "encounters"
        guard segments.count == 2 || isEncounters, !segments[0].isEmpty, !segments[1].isEmpty else { return nil }
        self.init(kind: segments[0].lowercased(), key: segments[1].lowercased(), isEncounters: isEncounters)
    }
}
