import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// A linked kind's detail body as downloaded, with the fields decoded from it.
public struct DownloadedResource<Fields: Sendable>: Sendable {
    public let id: Int
    public let fields: Fields
    public let body: StoredBody
    public let etag: String?

    public init(id: Int, fields: Fields, body: StoredBody, etag: String?) {
        self.id = id
        self.fields = fields
        self.body = body
        self.etag = etag
    }
}
