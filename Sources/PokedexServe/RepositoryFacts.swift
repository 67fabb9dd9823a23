import IssueStore

/// What a stored repository's JSON says of it that serving needs: whether it is private or a
/// fork, its dates (for the owner lists' sorts), its owner, and the API it was synced from.
struct RepositoryFacts {
    let repository: StoredRepository
    let isPrivate: Bool
    let isFork: Bool
    let createdAt: String
    let updatedAt: String
    let pushedAt: String
    /// The API base its own `url` names: `https://api.github.com` for
    /// `https://api.github.com/repos/octo-org/hello`; nil when the URL is not of that shape.
    let apiBase: String?

    /// The API base of a repository's `url`, which is `{base}/repos/{full_name}`.
    static func apiBase(url: String, fullName: String) -> String? {
        let suffix = "/repos/" + fullName
        guard !fullName.isEmpty, url.hasSuffix(suffix) else { return nil }
        return String(url.dropLast(suffix.count))
    }

    /// Whether `configuration` serves it: a repository synced as private only with
    /// `--include-private`.
    func isServed(by configuration: ServeConfiguration) -> Bool { configuration.includePrivate || !isPrivate }

    /// Its `owner` object as GitHub sent it, and whether that is an organisation: read again
    /// from the stored JSON, for the one route that shows it, not for every request's facts.
    func owner() throws -> (json: [UInt8], isOrganization: Bool)? {
        let json = try repository.rawJSON.decoded()
        guard case .container(let range)? = JSONTopLevel.members(json)?["owner"],
            json[range.lowerBound] == UInt8(ascii: "{")
        else { return nil }
        let object = Array(json[range])
        return (object, JSONTopLevel.members(object)?["type"] == .string("Organization"))
    }

    /// Its items' links to that API moved to `served`, where this server answers them (the
    /// item's `url`, `comments_url`, … that clients such as PyGithub follow).
    func links(servedAt served: String) -> LinkRewriter {
        LinkRewriter(source: apiBase, served: served, images: [])
    }

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
        apiBase = Self.apiBase(url: text("url"), fullName: text("full_name"))
    }
}
