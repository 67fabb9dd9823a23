import BodyCoding

/// Items of a page as stored, and how many match in all.
public struct StoredItemPage: Sendable {
    public let total: Int
    public let items: [StoredBody]
}
