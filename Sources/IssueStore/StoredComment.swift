import BodyCoding

/// A comment as `pokedex issue` shows it in a thread.
public struct StoredComment: Sendable, Equatable {
    public let id: Int
    /// nil: the account was deleted.
    public let author: String?
    public let authorAssociation: String?
    public let body: String
    public let createdAt: String
    public let updatedAt: String
    public let htmlURL: String
}
