/// `OWNER/REPO` as GitHub allows it: an owner of at most 39 letters, digits, single inner
/// hyphens and underscores (GitHub Enterprise managed users), a repository name of letters,
/// digits, `-`, `_` and `.` (not `.` or `..`), exactly one slash between them.
public struct GitHubRepositoryName: Sendable, Equatable, CustomStringConvertible {
    public let owner: String
    public let name: String

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let owner = String(parts[0]), name = String(parts[1])
        func isASCIIAlphanumeric(_ character: Character) -> Bool {
            character.isASCII && (character.isLetter || character.isNumber)
        }
        guard (1...39).contains(owner.count), owner.allSatisfy({ isASCIIAlphanumeric($0) || $0 == "-" || $0 == "_" }),
            owner.first != "-", owner.last != "-", !owner.contains("--")
        else { return nil }
        guard (1...100).contains(name.count), name != ".", name != "..",
            name.allSatisfy({ isASCIIAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "." })
        else { return nil }
        self.owner = owner
        self.name = name
    }

    public var description: String { owner + "/" + name }

    /// Whether `text` is a user or organisation name as GitHub allows one (the owner part above).
    public static func isOwner(_ text: String) -> Bool { GitHubRepositoryName(text + "/x") != nil }
}
