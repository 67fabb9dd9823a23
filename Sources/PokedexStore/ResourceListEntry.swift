import BodyCoding

/// One entry of a PokeAPI resource's paginated list, or a link a stored body gave to one.
public struct ResourceListEntry: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let url: String

    public init(id: Int, name: String, url: String) {
        self.id = id
        self.name = name
        self.url = url
    }
}
