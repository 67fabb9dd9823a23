import BodyCoding

/// One entry of a PokeAPI resource's paginated list, or a link a stored body gave to one.
public struct ResourceListEntry: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let url: String
    /// Its offset in the list, which need not be in id order; nil for a link, and for a list
    /// page whose offset cannot be told.
    public let position: Int?

    public init(id: Int, name: String, url: String, position: Int? = nil) {
        self.id = id
        self.name = name
        self.url = url
        self.position = position
    }
}
