import HTTPServer

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
                return try gitHub.respond(request, path: rest)
            }
            if let rest = Self.rest(of: path, under: MediaRoutes.prefix) {
                return try media.respond(request, path: rest)
            }
            return PokeAPIRoutes.notFound
        } catch {
            log.writeLine("pokedex serve: \(request.method) \(AccessLog.printable(request.path)): \(error)\n")
            return .text(500, "Internal Server Error")
        }
    }

    /// What follows `prefix` when the path is it or lies below it.
    private static func rest(of path: Substring, under prefix: String) -> Substring? {
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        return rest.isEmpty || rest.hasPrefix("/") ? rest : nil
    }
}
