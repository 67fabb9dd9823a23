import Foundation

/// Routing: `/repos/{owner}/{repo}…` (a renamed repository's old name redirected),
/// `/repositories/{id}…`, the repository object, conditional requests and GitHub's error bodies.
extension FakeGitHubBackend {
    /// What a route produced, before the common headers and rate-limit accounting.
    struct Reply {
        var status: Int
        var body: [UInt8]
        var headers: [(String, String)] = []
        var consumesBudget = true

        static func json(_ status: Int, _ value: OrderedJSON, headers: [(String, String)] = []) -> Reply {
            Reply(status: status, body: Array(value.compactText.utf8), headers: headers)
        }
    }

    static let docsRoot = "https://docs.github.com/rest"
    static let docsListIssues = "https://docs.github.com/rest/issues/issues#list-repository-issues"
    static let docsRedirects =
        "https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects"

    func route(_ request: RecordedRequest) -> Reply {
        guard request.method == "GET" || request.method == "HEAD" else { return Self.notFound }
        let segments = request.path.split(separator: "/").map(String.init)
        guard let first = segments.first else { return Self.notFound }
        switch first {
        case "repos" where segments.count >= 3:
            let key = "\(segments[1])/\(segments[2])".lowercased()
            let rest = Array(segments.dropFirst(3))
            if let id = idByName[key], let entry = entries[id] {
                return repositoryRoute(entry, rest: rest, request: request)
            }
            if let id = redirects[key] {
                let location =
                    "\(origin)/repositories/\(id)" + rest.map { "/" + $0 }.joined()
                    + (Self.rawQuery(request.target).map { "?" + $0 } ?? "")
                return .json(
                    301,
                    .object([
                        ("message", .string("Moved Permanently")),
                        ("url", .string(location)),
                        ("documentation_url", .string(Self.docsRedirects)),
                    ]), headers: [("Location", location)])
            }
            return Self.notFound
        case "users", "orgs":
            guard segments.count == 3, segments[2] == "repos" else { return Self.notFound }
            return ownerRepositoryList(owner: segments[1], asOrganization: first == "orgs", request: request)
        case "repositories" where segments.count >= 2:
            guard let id = Int64(segments[1]), let entry = entries[id] else { return Self.notFound }
            return repositoryRoute(entry, rest: Array(segments.dropFirst(2)), request: request)
        default:
            return Self.notFound
        }
    }

    func repositoryRoute(_ entry: Entry, rest: [String], request: RecordedRequest) -> Reply {
        if rest.isEmpty {
            let rendered =
                entry.repositoryBody
                ?? {
                    let bytes = Array(renderer(entry).repositoryObject().compactText.utf8)
                    return (bytes, fakeGitHubETag(bytes))
                }()
            entry.repositoryBody = rendered
            return conditional(rendered.bytes, etag: rendered.etag, request: request)
        }
        guard rest.first == "issues" else { return Self.notFound }
        guard entry.repository.hasIssues else {
            return Self.error(410, "Issues has been disabled in this repository.", Self.docsListIssues)
        }
        switch rest.count {
        case 1: return issueList(entry, request: request)
        case 2 where rest[1] == "comments": return commentList(entry, issueNumber: nil, request: request)
        case 3 where rest[2] == "comments":
            guard let number = Int(rest[1]), entry.indexByNumber[number] != nil else { return Self.notFound }
            return commentList(entry, issueNumber: number, request: request)
        default: return Self.notFound
        }
    }

    /// 200 with a strong ETag, or a bodiless 304 (budget untouched) when If-None-Match matches.
    func conditional(_ body: [UInt8], etag: String, request: RecordedRequest) -> Reply {
        let cacheControl = ("Cache-Control", "private, max-age=60, s-maxage=60")
        if let candidates = request.header("if-none-match"), ifNoneMatch(candidates, matches: etag) {
            return Reply(status: 304, body: [], headers: [cacheControl, ("ETag", etag)], consumesBudget: false)
        }
        return Reply(status: 200, body: body, headers: [cacheControl, ("ETag", etag)])
    }

    static var notFound: Reply { error(404, "Not Found", docsRoot) }

    static func error(_ status: Int, _ message: String, _ documentation: String) -> Reply {
        .json(
            status,
            .object([
                ("message", .string(message)),
                ("documentation_url", .string(documentation)),
                ("status", .string(String(status))),
            ]))
    }
}
