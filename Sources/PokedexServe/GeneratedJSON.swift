import HTTPServer

/// A JSON body made here (a list page, an index), tagged by its own bytes.
enum GeneratedJSON {
    static func answer(_ bytes: [UInt8], request: ServerRequest, headers: [(name: String, value: String)])
        -> ServerResponse
    {
        var fingerprint = Fingerprint()
        fingerprint.add(bytes)
        return ServerResponse.current(
            etag: fingerprint.entityTag, for: request, contentType: PokeAPIRoutes.json, headers: headers
        ) { .identity(bytes) }
    }
}
