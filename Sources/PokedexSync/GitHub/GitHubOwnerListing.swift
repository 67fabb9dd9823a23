import IssueStore
import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension GitHubSync {
    /// Every repository of the user or organisation `login`, all pages. An owner of unknown
    /// kind is asked for as an organisation first (whose list includes the private
    /// repositories a token may read); GitHub answers 404 for a user there, and the user's
    /// list is asked for next. 404 to both: no such owner.
    public func listRepositories(of login: String, kind: GitHubOwner.Kind?) async throws
        -> (kind: GitHubOwner.Kind, repositories: [ListedRepository])
    {
        guard let kind else {
            do {
                return (.organization, try await listRepositories(of: login, kind: .organization).repositories)
            } catch GitHubSyncError.ownerNotFound {
                return (.user, try await listRepositories(of: login, kind: .user).repositories)
            }
        }
        let listed = Collected<ListedRepository>()
        let reading = GitHubListReading<ListedRepository>(
            noun: "repository", decode: JSONResponse.listedRepositories, id: \.id, dates: { _ in nil },
            missing: .ownerNotFound(login: login),
            commit: { repositories, _ in
                listed.append(repositories)
                return 0
            })
        var report = GitHubSyncReport(repository: login)
        _ = try await walk(
            from: .ownerRepositories(login: login, kind: kind, perPage: options.perPage), etag: nil,
            reading: reading, report: &report, afterPage: { _, _ in })
        return (kind, listed.values)
    }
}

extension ListedRepository {
    /// Why an owner sync leaves this repository out, if it does.
    public func exclusion(for owner: GitHubOwner) -> String? {
        if !hasIssues { return "issues disabled" }
        if isFork && !owner.includeForks { return "a fork (--include-forks takes it)" }
        if isArchived && !owner.includeArchived { return "archived (--include-archived takes it)" }
        return nil
    }
}
