import BodyCoding
import HTTPServer
import IssueStore
import SQLiteDatabase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// GitHub's REST API at `/api/v3` (GitHub Enterprise's layout, so a client needs only a base
/// URL): each stored repository, its issues and pull requests, their comments, the
/// repositories of owners synced as a whole, and the rate limit. Items are the JSON GitHub
/// sent, as stored, their links to that API moved here as PokeAPI's are; lists page and link
/// as GitHub's do.
struct GitHubRoutes {
    static let prefix = "/api/v3"

    let store: StoreReader
    let configuration: ServeConfiguration
    /// Where the links of recently listed items are: a page's hundred items need finding each time
    /// otherwise. Less than PokeAPI's: an item's matches are a few dozen bytes.
    let matches = MatchCache(limit: 4 << 20)

    func respond(_ request: ServerRequest, path: Substring) throws -> ServerResponse {
        let route = GitHubPath(path)
        switch route {
        case .malformed: return GitHubAnswers.error(400, "Bad Request")
        case .unknown: return GitHubAnswers.notFound
        case .root: return GitHubAnswers.rootIndex(base: configuration.gitHubBase, request: request)
        case .rateLimit: return GitHubAnswers.rateLimit(now: Int(time(nil)), request: request)
        case .owner(let login, let organization):
            return try store.read { database in
                try owner(login, organization: organization, in: IssueArchive(database: database), request: request)
            }
        case .ownerRepositories(let login, let organization):
            return try store.read { database in
                try GitHubOwnerRepositories(
                    archive: IssueArchive(database: database), configuration: configuration, matches: matches,
                    request: request
                ).respond(login: login, organization: organization)
            }
        case .repository(let name), .issues(let name), .issue(let name, _), .repositoryComments(let name),
            .comment(let name, _), .issueComments(let name, _):
            return try store.read { database in
                let archive = IssueArchive(database: database)
                guard let facts = try visibleRepository(name, in: archive) else { return GitHubAnswers.notFound }
                return try respond(route, facts: facts, archive: archive, request: request)
            }
        }
    }

    private func respond(
        _ route: GitHubPath, facts: RepositoryFacts, archive: IssueArchive, request: ServerRequest
    ) throws -> ServerResponse {
        let id = facts.repository.id
        let links = facts.links(servedAt: configuration.gitHubBase)
        switch route {
        case .repository:
            return try GitHubAnswers.item(.init(facts.repository.rawJSON, links: links), request: request)
        case .issue(_, let number):
            guard let issue = try archive.storedIssue(repositoryID: id, number: number) else {
                return GitHubAnswers.notFound
            }
            return try GitHubAnswers.item(.init(issue, links: links), request: request)
        case .comment(_, let commentID):
            guard let comment = try archive.storedComment(repositoryID: id, id: commentID) else {
                return GitHubAnswers.notFound
            }
            return try GitHubAnswers.item(.init(comment, links: links), request: request)
        case .issues:
            let (query, invalid) = GitHubListParameters.issues(request)
            guard invalid.isEmpty else { return GitHubAnswers.validationFailed("Issue", fields: invalid) }
            return try page(
                archive.issuePage(repositoryID: id, query: query), links: links, path: "/repositories/\(id)/issues",
                request: request)
        case .repositoryComments, .issueComments:
            var number: Int?
            if case .issueComments(_, let issue) = route {
                guard try archive.storedIssue(repositoryID: id, number: issue) != nil else {
                    return GitHubAnswers.notFound
                }
                number = issue
            }
            let (query, invalid) = GitHubListParameters.comments(request, issueNumber: number)
            guard invalid.isEmpty else { return GitHubAnswers.validationFailed("IssueComment", fields: invalid) }
            let path = "/repositories/\(id)/issues" + (number.map { "/\($0)/comments" } ?? "/comments")
            return try page(
                archive.commentPage(repositoryID: id, query: query), links: links, path: path, request: request)
        case .root, .rateLimit, .owner, .ownerRepositories, .unknown, .malformed:
            return GitHubAnswers.notFound
        }
    }

    /// `/users/{login}` or `/orgs/{login}`: the owner as its served repositories name it (their
    /// `owner` object, GitHub's short form of a user), so that a client can go on to its
    /// repositories; 404 for an owner with none served, and `/orgs` for a user.
    private func owner(_ login: String, organization: Bool, in archive: IssueArchive, request: ServerRequest) throws
        -> ServerResponse
    {
        var served: RepositoryFacts?
        for repository in try archive.storedRepositories(owner: login) {
            let facts = try RepositoryFacts(repository)
            if facts.isServed(by: configuration) {
                served = facts
                break
            }
        }
        guard let facts = served, let owner = try facts.owner(), !organization || owner.isOrganization else {
            return GitHubAnswers.notFound
        }
        let json = facts.links(servedAt: configuration.gitHubBase).rewritten(owner.json)
        return GeneratedJSON.answer(json, request: request, headers: GitHubAnswers.headers)
    }

    /// The repository a path names, unless it was synced as private and those are not served.
    private func visibleRepository(_ name: GitHubPath.Repository, in archive: IssueArchive) throws
        -> RepositoryFacts?
    {
        let stored: StoredRepository?
        switch name {
        case .name(let fullName): stored = try archive.storedRepository(fullName: fullName)
        case .id(let id): stored = try archive.storedRepository(id: id)
        }
        guard let facts = try stored.map(RepositoryFacts.init) else { return nil }
        return facts.isServed(by: configuration) ? facts : nil
    }

    private func page(_ page: StoredItemPage, links: LinkRewriter, path: String, request: ServerRequest) throws
        -> ServerResponse
    {
        let parameters = GitHubListParameters(request)
        let link = GitHubLinkHeader.value(
            base: configuration.gitHubBase, path: path, query: request.decodedQuery, page: parameters.page,
            lastPage: parameters.lastPage(total: page.total), total: page.total)
        return try GitHubAnswers.list(
            page.items.map { .init($0, links: links) }, link: link, matches: matches, request: request)
    }
}
