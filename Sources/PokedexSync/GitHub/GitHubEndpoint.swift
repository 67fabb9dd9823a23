import HTTPTypes
import IssueStore
import LocalDatabase
import PokedexStore
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// GitHub REST requests. The first page of a list is built here; later pages follow the
/// `Link` header's `next` URL verbatim.
public enum GitHubEndpoint: Sendable {
    case repository(GitHubRepositoryName)
    /// A repository by GitHub's id: unaffected by renames and transfers.
    case repositoryByID(Int)
    /// Every issue and pull request updated at or after `since`, oldest update first. By
    /// repository id, as GitHub's own Link headers do: the URL (and so its stored ETag) stays
    /// the same through renames and whichever way the sync was asked for.
    case issues(repositoryID: Int, since: String?, perPage: Int)
    /// Every comment of the repository updated at or after `since`, oldest update first: one
    /// stream for all its issues and pull requests. By id, as the issues are.
    case comments(repositoryID: Int, since: String?, perPage: Int)
    /// One issue's comments, oldest first: read whole when its count says some were deleted.
    case issueComments(repositoryID: Int, number: Int, perPage: Int)
    /// The repositories of a user or an organisation.
    case ownerRepositories(login: String, kind: GitHubOwner.Kind, perPage: Int)
    /// A URL the API handed out (a `Link` header's `next`).
    case link(String)

    /// The same dated list from `since` on (at or after it); nil for a list that is not dated.
    func from(since: String) -> GitHubEndpoint? {
        switch self {
        case .issues(let repositoryID, _, let perPage):
            .issues(repositoryID: repositoryID, since: since, perPage: perPage)
        case .comments(let repositoryID, _, let perPage):
            .comments(repositoryID: repositoryID, since: since, perPage: perPage)
        case .repository, .repositoryByID, .issueComments, .ownerRepositories, .link: nil
        }
    }

    /// A repository: ≈6 KB.
    static let maximumRepositoryBytes = 1 << 20
    /// A page of at most 100 issues: ≈2.6 KB each without its body, and a body is at most
    /// 65,536 characters; this allows 80 KB an issue on a full page. Two pages are in memory
    /// at once (one stored while the next downloads), with what is decoded from them: twice
    /// this cap would take a sync past 100 MB.
    static let maximumIssuesPageBytes = 8 << 20

    public func request(baseURL: URL, token: String?, etag: String?) throws(FetchError) -> HTTPRequest {
        let url: URL
        switch self {
        case .repository(let repository):
            url = try Self.url(baseURL, path: Self.repositoryPath(repository), query: [])
        case .repositoryByID(let id):
            url = try Self.url(baseURL, path: "/repositories/\(id)", query: [])
        case .issues(let repositoryID, let since, let perPage):
            var query = [("state", "all"), ("sort", "updated"), ("direction", "asc"), ("per_page", String(perPage))]
            if let since { query.append(("since", since)) }
            url = try Self.url(baseURL, path: "/repositories/\(repositoryID)/issues", query: query)
        case .comments(let repositoryID, let since, let perPage):
            var query = [("sort", "updated"), ("direction", "asc"), ("per_page", String(perPage))]
            if let since { query.append(("since", since)) }
            url = try Self.url(baseURL, path: "/repositories/\(repositoryID)/issues/comments", query: query)
        case .issueComments(let repositoryID, let number, let perPage):
            url = try Self.url(
                baseURL, path: "/repositories/\(repositoryID)/issues/\(number)/comments",
                query: [("per_page", String(perPage))])
        case .ownerRepositories(let login, let kind, let perPage):
            // An organisation's `all` includes the private repositories a token may read; a
            // user's `owner` leaves out those the user only collaborates on.
            let (path, type) = kind == .organization ? ("/orgs/", "all") : ("/users/", "owner")
            url = try Self.url(
                baseURL, path: path + PercentEncoding.encoded(login) + "/repos",
                query: [("type", type), ("per_page", String(perPage))])
        case .link(let link):
            guard let resolved = URL(string: link, relativeTo: baseURL)?.absoluteURL else {
                throw .undecodable(url: link, reason: "the Link header's URL is not a URL", bodyPrefix: "")
            }
            url = resolved
        }
        var headers = [
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": PokedexVersion.userAgent,
        ]
        // The token goes only to the API's own origin, never to a host a link points elsewhere.
        if let token, url.hasSameOrigin(as: baseURL) {
            headers["Authorization"] = "Bearer \(token)"
        }
        if let etag { headers["If-None-Match"] = etag }
        return HTTPRequest(url: url, headers: headers, maximumBodyBytes: maximumBodyBytes)
    }

    private var maximumBodyBytes: Int {
        switch self {
        case .repository, .repositoryByID: Self.maximumRepositoryBytes
        // A comment's body is at most 65,536 characters too, and a listed repository ≈6 KB.
        case .issues, .comments, .issueComments, .ownerRepositories, .link: Self.maximumIssuesPageBytes
        }
    }

    private static func repositoryPath(_ repository: GitHubRepositoryName) -> String {
        "/repos/" + PercentEncoding.encoded(repository.owner) + "/" + PercentEncoding.encoded(repository.name)
    }

    private static func url(_ base: URL, path: String, query: [(String, String)]) throws(FetchError) -> URL {
        let basePath = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        var text = basePath + path
        if !query.isEmpty {
            var components = URLComponents()
            components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
            // `+` in an ISO 8601 offset must not read as a space.
            text += "?" + (components.percentEncodedQuery ?? "").replacing("+", with: "%2B")
        }
        guard let url = URL(string: text) else {
            throw .unreachable(url: text, reason: "not a usable GitHub API URL")
        }
        return url
    }
}
