/// What is stored of a resource's details, to decide whether to ask for them again.
public struct StoredDetail: Sendable, Equatable {
    /// For a conditional request.
    public let etag: String?
    /// Downloaded or confirmed current within the maximum age: not asked for at all.
    public let isFresh: Bool
    /// Where its entry said the details are. The body of an entry now at another URL (the API
    /// moved to another base URL) links the old one: it is asked for again, unconditionally,
    /// since an ETag validates a body at the URL that gave it.
    public let url: String

    public init(etag: String?, isFresh: Bool, url: String) {
        self.etag = etag
        self.isFresh = isFresh
        self.url = url
    }

    /// Whether the details need no request for an entry at `url`.
    public func isFresh(at url: String) -> Bool { isFresh && url == self.url }

    /// The ETag to ask for the details at `url` with, if any.
    public func etag(at url: String) -> String? { url == self.url ? etag : nil }
}
