import IssueStore

/// What a stored repository's JSON says of it that serving needs: whether it is private or a
/// fork, and its dates (for the owner lists' sorts).
struct RepositoryFacts {
    let repository: StoredRepository
    let isPrivate: Bool
    let isFork: Bool
    let createdAt: String
    let updatedAt: String
    let pushedAt: String

    init(_ repository: StoredRepository) throws {
        self.repository = repository
        let members = JSONTopLevel.members(try repository.rawJSON.decoded()) ?? [:]
        func text(_ key: String) -> String {
            if case .string(let value)? = members[key] { return value }
            return ""
        }
        isPrivate = members["private"] == .bool(true)
        isFork = members["fork"] == .bool(true)
        createdAt = text("created_at")
        updatedAt = text("updated_at")
        pushedAt = text("pushed_at")
    }
}
