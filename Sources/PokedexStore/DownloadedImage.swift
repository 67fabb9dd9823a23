import JSONOutput
import SQLiteDatabase

/// An image as the image host sent it, checked to be a PNG that decodes.
public struct DownloadedImage: Sendable, Equatable {
    public let pokemonID: Int
    public let kind: ImageKind
    public let url: String
    public let etag: String?
    public let contentType: String
    public let body: [UInt8]

    public init(pokemonID: Int, kind: ImageKind, url: String, etag: String?, contentType: String, body: [UInt8]) {
        self.pokemonID = pokemonID
        self.kind = kind
        self.url = url
        self.etag = etag
        self.contentType = contentType
        self.body = body
    }
}
