import TextUtilities

/// What a path under `/api/v3` asks for, as GitHub's REST API lays it out; repositories by
/// `owner/name` or by id (`/repositories/{id}`, where GitHub's own links point).
enum GitHubPath: Equatable {
    enum Repository: Equatable {
        case name(String)
        case id(Int)
    }

    /// `/api/v3/`: the index of URL templates.
    case root
    case rateLimit
    case repository(Repository)
    case issues(Repository)
    case issue(Repository, number: Int)
    case repositoryComments(Repository)
    case comment(Repository, id: Int)
    case issueComments(Repository, number: Int)
    case owner(login: String, organization: Bool)
    case ownerRepositories(login: String, organization: Bool)
    /// A path GitHub has no resource at (or one pokedex does not serve).
    case unknown
    /// A segment whose percent-encoding is malformed.
    case malformed

    init(_ path: Substring) {
        let trimmed = path.hasSuffix("/") ? path.dropLast() : path
        var segments: [String] = []
        for raw in trimmed.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let segment = PercentEncoding.strictlyDecoded(raw, plusIsSpace: false) else {
                self = .malformed
                return
            }
            segments.append(segment)
        }
        switch segments.first {
        case nil:
            self = .root
        case "rate_limit" where segments.count == 1:
            self = .rateLimit
        case "users" where segments.count == 2, "orgs" where segments.count == 2:
            self = .owner(login: segments[1], organization: segments[0] == "orgs")
        case "users" where segments.count == 3 && segments[2] == "repos",
            "orgs" where segments.count == 3 && segments[2] == "repos":
            self = .ownerRepositories(login: segments[1], organization: segments[0] == "orgs")
        case "repos" where segments.count >= 3:
            self = Self.repositoryPath(.name(segments[1] + "/" + segments[2]), rest: segments.dropFirst(3))
        case "repositories" where segments.count >= 2:
            guard let id = Self.number(segments[1]) else {
                self = .unknown
                return
            }
            self = Self.repositoryPath(.id(id), rest: segments.dropFirst(2))
        default:
            self = .unknown
        }
    }

    private static func repositoryPath(_ repository: Repository, rest: ArraySlice<String>) -> GitHubPath {
        let rest = Array(rest)
        switch rest.count {
        case 0: return .repository(repository)
        case 1 where rest[0] == "issues": return .issues(repository)
        case 2 where rest[0] == "issues" && rest[1] == "comments": return .repositoryComments(repository)
        case 2 where rest[0] == "issues": return number(rest[1]).map { .issue(repository, number: $0) } ?? .unknown
        case 3 where rest[0] == "issues" && rest[1] == "comments":
            return number(rest[2]).map { .comment(repository, id: $0) } ?? .unknown
        case 3 where rest[0] == "issues" && rest[2] == "comments":
            return number(rest[1]).map { .issueComments(repository, number: $0) } ?? .unknown
        default: return .unknown
        }
    }

    /// A positive decimal number as GitHub writes them.
    private static func number(_ text: String) -> Int? {
        guard let value = Int(text), value > 0, String(value) == text else { return nil }
        return value
    }
}
