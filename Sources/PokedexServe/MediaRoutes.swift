import HTTPServer
import PokedexStore

/// The images a sync stored, at `/media/pokemon/{id}/{kind}.png` (`sprite`, `shiny`,
/// `official`): the URLs served bodies give instead of the image host's, for the images
/// stored or known missing there (404), so that an app, or another pokedex syncing from this
/// one, needs no other host.
struct MediaRoutes {
    static let prefix = "/media"

    let store: StoreReader

    /// Where an image of a Pokémon is served.
    static func url(pokemonID: Int, kind: ImageKind, _ configuration: ServeConfiguration) -> String {
        "\(configuration.baseURL)\(prefix)/pokemon/\(pokemonID)/\(kind.rawValue).png"
    }

    func respond(_ request: ServerRequest, path: Substring) throws -> ServerResponse {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 4, segments[0] == "", segments[1] == "pokemon",
            let id = Int(segments[2]), id > 0, String(id) == segments[2], segments[3].hasSuffix(".png"),
            let kind = ImageKind(rawValue: String(segments[3].dropLast(".png".count)))
        else { return PokeAPIRoutes.notFound }
        return try store.read { database in
            guard let png = try PokemonImageStore(database: database).body(pokemonID: id, kind: kind) else {
                return PokeAPIRoutes.notFound
            }
            var fingerprint = Fingerprint()
            fingerprint.add(.identity(png))
            return ServerResponse.current(
                etag: fingerprint.entityTag, for: request, contentType: "image/png", headers: PokeAPIRoutes.headers,
                isCompressible: false
            ) { .identity(png) }
        }
    }
}
