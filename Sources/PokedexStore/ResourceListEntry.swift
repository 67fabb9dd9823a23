import BodyCoding

/// One entry of PokeAPI's paginated `/pokemon` list.
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
