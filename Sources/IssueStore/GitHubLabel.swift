import BodyCoding

public struct GitHubLabel: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let color: String?
    public let description: String?

    public init(id: Int, name: String, color: String?, description: String?) {
        self.id = id
        self.name = name
        self.color = color
        self.description = description
    }
}
