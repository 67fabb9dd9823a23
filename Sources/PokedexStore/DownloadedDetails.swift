import BodyCoding

/// A Pokémon's detail body as downloaded, with the fields decoded from it.
public struct DownloadedDetails: Sendable {
    public let details: PokemonDetails
    public let body: StoredBody
    public let etag: String?

    public init(details: PokemonDetails, body: StoredBody, etag: String?) {
        self.details = details
        self.body = body
        self.etag = etag
    }
}
