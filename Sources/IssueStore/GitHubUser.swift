import BodyCoding

/// A GitHub user as issues reference it.
public struct GitHubUser: Sendable, Equatable {
    public let id: Int
    public let login: String
    public let type: String?

    public init(id: Int, login: String, type: String?) {
        self.id = id
        self.login = login
        self.type = type
    }
}
