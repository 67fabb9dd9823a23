import BodyCoding
import HTTPServer
import JSONOutput
import PokedexStore
import SQLiteDatabase
import TextUtilities

/// PokeAPI v2 at `/api/v2/`, as pokeapi.co answers: the root index, every stored kind's list
/// and details (by id or name, with or without the trailing slash), and a Pokémon's
/// encounters; bodies as stored, their links moved to this server.
struct PokeAPIRoutes {
    static let prefix = "/api/v2"

    let store: StoreReader
    let configuration: ServeConfiguration
    let matches = MatchCache()

    func respond(_ request: ServerRequest, path: Substring) throws -> ServerResponse {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if segments.last == "" { segments = segments.dropLast() }
        guard !segments.contains(""), segments.count <= 3 else { return Self.notFound }
        guard let endpoint = segments.first.map(String.init) else { return try rootIndex(request) }
        // A kind only the stored index names (one PokeAPI added) is served too; the Pokédex's own
        // kinds, most requests, are found without reading the database.
        let own = PokeAPIIndex.ownResource(named: endpoint)
        let resource = try (own ?? store.read { try PokeAPIIndex.resource(named: endpoint, in: $0) }).flatMap {
            $0.isEndpoint ? $0 : nil
        }
        guard resource != nil || PokeAPIEndpoints.names.contains(endpoint) else { return Self.badRequest }
        guard segments.count > 1 else {
            guard let resource else { return Self.notFound }
            return try list(resource, request: request)
        }
        let keySegment = segments[segments.startIndex + 1]
        guard let key = PercentEncoding.strictlyDecoded(keySegment, plusIsSpace: false),
            PokeAPIEndpoints.isKey(key), segments.count == 2 || segments.last == "encounters"
        else { return Self.badRequest }
        guard let resource else { return Self.notFound }
        return try store.read { database in
            guard let entry = try resource.tables.entry(database, key: key) else { return Self.notFound }
            if segments.count == 3 {
                guard resource.kind == .pokemon,
                    let body = try PokemonEncounters.storedBody(database, pokemonID: entry.id)
                else { return Self.notFound }
                return try detail(body, entry: entry, endpoint: endpoint, images: [], request: request)
            }
            guard let body = try resource.tables.storedBody(database, id: entry.id) else { return Self.notFound }
            let images =
                resource.kind == .pokemon
                ? try PokemonImageStore(database: database).linkedImages(pokemonID: entry.id) : []
            return try detail(body, entry: entry, endpoint: endpoint, images: images, request: request)
        }
    }

    private func detail(
        _ body: StoredBody, entry: StoredListEntry, endpoint: String, images: [LinkedImage], request: ServerRequest
    ) throws -> ServerResponse {
        let rewriter = LinkRewriter(
            source: Self.apiBase(of: entry.url, endpoint: endpoint, id: entry.id), served: configuration.pokeAPIBase,
            images: images.map { ($0.url, MediaRoutes.url(pokemonID: entry.id, kind: $0.kind, configuration)) })
        var fingerprint = Fingerprint()
        fingerprint.add(body)
        fingerprint.add(rewriter)
        let tag = fingerprint.entityTag
        return try ServerResponse.current(etag: tag, for: request, contentType: Self.json, headers: Self.headers) {
            guard !rewriter.isIdentity else { return .stored(body) }
            guard let found = matches.matches(tag) else {
                let decoded = try body.decoded()
                let found = rewriter.matches(in: decoded)
                matches.keep(found, for: tag)
                return .identity(rewriter.rewrite(decoded, at: found))
            }
            // Decoded and rewritten in the buffer the server sends from: a large body is
            // written twice, never copied.
            let layout = rewriter.layout(bodySize: try body.checkedDecodedSize(), matches: found)
            return .written(room: layout.room) { buffer in
                try body.decode(into: UnsafeMutableRawBufferPointer(rebasing: buffer[layout.offset...]))
                rewriter.rewrite(in: buffer, layout, at: found)
                return layout.size
            }
        }
    }

    /// The API base an entry's URL was given on: `https://pokeapi.co/api/v2` for
    /// `https://pokeapi.co/api/v2/pokemon/25/`; nil when the URL is not of that shape.
    static func apiBase(of url: String, endpoint: String, id: Int) -> String? {
        // Bytes, not characters: every request asks, and URLs are ASCII.
        let bytes = url.utf8
        let end = bytes.last == UInt8(ascii: "/") ? bytes.index(before: bytes.endIndex) : bytes.endIndex
        let suffix = "/\(endpoint)/\(id)".utf8
        guard bytes.distance(from: bytes.startIndex, to: end) >= suffix.count else { return nil }
        let start = bytes.index(end, offsetBy: -suffix.count)
        guard bytes[start..<end].elementsEqual(suffix) else { return nil }
        return String(url[..<start])
    }

    private func list(_ resource: PokeAPIResource, request: ServerRequest) throws -> ServerResponse {
        let endpoint = resource.kind.name
        return try store.read { database in
            let count = try resource.tables.listPage(database, offset: 0, limit: 0).count
            let listing = PokeAPIListing(
                offset: request.queryValue("offset"), limit: request.queryValue("limit"), count: count)
            let page = try resource.tables.listPage(
                database, offset: listing.start, limit: listing.end - listing.start)
            let link: (PokeAPIListing.Page?) -> JSONValue = { page in
                page.map {
                    .string(
                        "\(configuration.baseURL)\(request.path.lowercased())?offset=\($0.offset)&limit=\($0.limit)")
                } ?? .null
            }
            let results = page.entries.map { entry -> JSONValue in
                let source = Self.apiBase(of: entry.url, endpoint: endpoint, id: entry.id)
                let url = source.map { configuration.pokeAPIBase + entry.url.dropFirst($0.count) } ?? entry.url
                return .object((entry.name.map { [("name", JSONValue.string($0))] } ?? []) + [("url", .string(url))])
            }
            let body = JSONValue.object([
                ("count", .int(page.count)), ("next", link(listing.next)), ("previous", link(listing.previous)),
                ("results", .array(results)),
            ])
            return GeneratedJSON.answer(body.compactBytes(), request: request, headers: Self.headers)
        }
    }

    /// `{"ability": "{base}/api/v2/ability/", …}`: every kind pokedex stores, by name.
    private func rootIndex(_ request: ServerRequest) throws -> ServerResponse {
        let names = try store.read { try PokeAPIIndex.resources($0) }.filter(\.isEndpoint).map(\.kind.name).sorted()
        let body = JSONValue.object(names.map { ($0, JSONValue.string("\(configuration.pokeAPIBase)/\($0)/")) })
        return GeneratedJSON.answer(body.compactBytes(), request: request, headers: Self.headers)
    }

    static let json = "application/json; charset=utf-8"
    /// Revalidated on every use (a sync may change any body), which ETags make cheap.
    static let headers: [(name: String, value: String)] = [("Cache-Control", "no-cache")]
    static let notFound = ServerResponse.text(404, "Not Found")
    static let badRequest = ServerResponse.text(400, "Bad Request")
}
