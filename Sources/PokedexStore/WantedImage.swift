import JSONOutput
import SQLiteDatabase

/// One image a sync considers: where the body says it is, and what is stored of it.
public struct WantedImage: Sendable, Equatable {
    public let pokemonID: Int
    public let kind: ImageKind
    public let url: String
    /// The stored image's ETag, for a conditional request, when it came from this URL.
    public let etag: String?
    /// Stored or found missing from this URL less than the maximum age ago: not asked for.
    public let isFresh: Bool

    public init(pokemonID: Int, kind: ImageKind, url: String, etag: String?, isFresh: Bool) {
        self.pokemonID = pokemonID
        self.kind = kind
        self.url = url
        self.etag = etag
        self.isFresh = isFresh
    }
}
