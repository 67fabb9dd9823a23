/// A page of a kind's stored entries in id order, with how many are stored in all.
public struct StoredListPage: Sendable, Equatable {
    public let count: Int
    public let entries: [StoredListEntry]
}
