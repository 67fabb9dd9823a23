/// What shapes every answer besides the data: where the server says it is, and what it may
/// show.
public struct ServeConfiguration: Sendable {
    /// The serving origin, and any path in front of the APIs (a proxy's), without a trailing
    /// slash: links in bodies, list pages and `Link` headers point here.
    public let baseURL: String
    /// Whether repositories synced as private are served.
    public let includePrivate: Bool

    public init(baseURL: String, includePrivate: Bool) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.includePrivate = includePrivate
    }

    /// PokeAPI's base as served: `{baseURL}/api/v2`.
    var pokeAPIBase: String { baseURL + PokeAPIRoutes.prefix }
    /// GitHub's API root as served (GitHub Enterprise's layout): `{baseURL}/api/v3`.
    var gitHubBase: String { baseURL + GitHubRoutes.prefix }
}
