import BodyCoding

public struct GitHubMilestone: Sendable, Equatable {
    public let id: Int
    public let number: Int
    public let title: String
    public let state: String?

    public init(id: Int, number: Int, title: String, state: String?) {
        self.id = id
        self.number = number
        self.title = title
        self.state = state
    }
}
