import HTTPServer
import IssueStore

/// `/users/{owner}/repos` and `/orgs/{owner}/repos`: the owner's stored repositories, whether
/// synced as a whole or one by one (as `/users/{owner}` names an owner by them), typed, sorted
/// and paged as GitHub lists them (users: `type` all, owner or member, by full name;
/// organizations: `type` all, public, private, forks, sources or member, newest first). An
/// organization answers both paths, a user only the first; an owner none of whose
/// repositories are served is 404, unless it was synced as a whole.
struct GitHubOwnerRepositories {
    let archive: IssueArchive
    let configuration: ServeConfiguration
    let matches: MatchCache
    let request: ServerRequest

    func respond(login: String, organization: Bool) throws -> ServerResponse {
        let served = try archive.storedRepositories(owner: login).map(RepositoryFacts.init).filter {
            $0.isServed(by: configuration)
        }
        let isOrganization: Bool
        if let owner = try archive.storedOwner(login: login) {
            isOrganization = owner.kind == .organization
        } else if let first = served.first {
            isOrganization = try first.owner()?.isOrganization ?? false
        } else {
            return GitHubAnswers.notFound
        }
        guard !organization || isOrganization else { return GitHubAnswers.notFound }
        let types =
            organization ? ["all", "public", "private", "forks", "sources", "member"] : ["all", "owner", "member"]
        var parameters = GitHubListParameters(request)
        let type = parameters.filter("type") ?? (organization ? "all" : "owner")
        let sort = parameters.filter("sort") ?? (organization ? "created" : "full_name")
        let ascending = parameters.ascending(default: sort == "full_name")
        let invalid =
            (types.contains(type) ? [] : ["type"])
            + (["created", "updated", "pushed", "full_name"].contains(sort) ? [] : ["sort"]) + parameters.invalid
        guard invalid.isEmpty else { return GitHubAnswers.validationFailed("Repository", fields: invalid) }
        var repositories = served.filter { facts in
            switch type {
            case "public": return !facts.isPrivate
            case "private": return facts.isPrivate
            case "forks": return facts.isFork
            case "sources": return !facts.isFork
            case "member": return false
            default: return true
            }
        }
        func precedes(_ left: RepositoryFacts, _ right: RepositoryFacts) -> Bool {
            let keys: (String, String)
            switch sort {
            case "created": keys = (left.createdAt, right.createdAt)
            case "updated": keys = (left.updatedAt, right.updatedAt)
            case "pushed": keys = (left.pushedAt, right.pushedAt)
            default: keys = (left.repository.fullName.lowercased(), right.repository.fullName.lowercased())
            }
            return keys.0 == keys.1 ? left.repository.id < right.repository.id : keys.0 < keys.1
        }
        repositories.sort { ascending ? precedes($0, $1) : precedes($1, $0) }
        let total = repositories.count
        let items = repositories.dropFirst(parameters.offset).prefix(parameters.perPage).map { facts in
            GitHubAnswers.Item(facts.repository.rawJSON, links: facts.links(servedAt: configuration.gitHubBase))
        }
        let link = GitHubLinkHeader.value(
            base: configuration.gitHubBase, path: "/\(organization ? "orgs" : "users")/\(login)/repos",
            query: request.decodedQuery, page: parameters.page, lastPage: parameters.lastPage(total: total),
            total: total)
        return try GitHubAnswers.list(Array(items), link: link, matches: matches, request: request)
    }
}
