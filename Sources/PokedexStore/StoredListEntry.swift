/// One entry of a kind's list as stored: its id, name (nil for nameless kinds) and the URL
/// its list gave.
public struct StoredListEntry: Sendable, Equatable {
    public let id: Int
    public let name: String?
    public let url: String
}
