import HTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every request's route: PokeAPI under `/api/v2`, GitHub under `/api/v3`, stored images under
/// `/media`. A failure reading the database is a 500 whose cause goes to standard error,
/// never into the body.
public struct PokedexRouter: Sendable {
    let pokeAPI: PokeAPIRoutes
    let gitHub: GitHubRoutes
    let media: MediaRoutes
    let log: AccessLog

    public init(store: StoreReader, configuration: ServeConfiguration, log: AccessLog) {
        pokeAPI = PokeAPIRoutes(store: store, configuration: configuration)
        gitHub = GitHubRoutes(store: store, configuration: configuration)
        media = MediaRoutes(store: store)
        self.log = log
    }

    public func respond(_ request: ServerRequest) -> ServerResponse {
        let path = request.path[...]
        do {
            if let rest = Self.rest(of: path, under: PokeAPIRoutes.prefix) {
                return try pokeAPI.respond(request, path: rest)
            }
            if let rest = Self.rest(of: path, under: GitHubRoutes.prefix) {
                var response = try gitHub.respond(request, path: rest)
                response.headers += GitHubAnswers.rateLimitHeaders(now: Int(time(nil)))
                return response
            }
            if let rest = Self.rest(of: path, under: MediaRoutes.prefix) {
                return try media.respond(request, path: rest)
            }
            return PokeAPIRoutes.notFound
        } catch {
            log.writeLine("pokedex serve: \(request.method) \(AccessLog.printable(request.path)): \(error)\n")
            return refusal(path: request.path, status: 500, message: "Internal Server Error")
        }
    }

    /// An error answer at `path`, the server's (401, 405, 500…) or a route's: GitHub's JSON
    /// under `/api/v3`, which Octokit reads for its message; plain text elsewhere, as
    /// pokeapi.co answers.
    public func refusal(path: String, status: Int, message: String) -> ServerResponse {
        guard Self.rest(of: path[...], under: GitHubRoutes.prefix) != nil else { return .text(status, message) }
        var response = GitHubAnswers.error(status, message)
        response.headers += GitHubAnswers.rateLimitHeaders(now: Int(time(nil)))
        return response
    }

    /// What follows `prefix` when the path is it or lies below it.
    private static func rest(of path: Substring, under prefix: String) -> Substring? {
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        return rest.isEmpty || rest.hasPrefix("/") ? rest : nil
    }
}
