/// What is stored of a resource's details, to decide whether to ask for them again.
public struct StoredDetail: Sendable, Equatable {
    /// For a conditional request.
    public let etag: String?
    /// Downloaded or confirmed current within the maximum age: not asked for at all.
    public let isFresh: Bool

    public init(etag: String?, isFresh: Bool) {
        self.etag = etag
        self.isFresh = isFresh
    }
}
