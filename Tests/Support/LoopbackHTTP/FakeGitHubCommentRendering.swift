import Foundation

extension FakeGitHubRenderer {
    /// A comment object, keys in api.github.com's order.
    func comment(_ comment: FakeGitHubComment) -> OrderedJSON {
        let issueURL = "\(repositoryURL)/issues/\(comment.issueNumber)"
        let url = "\(repositoryURL)/issues/comments/\(comment.id)"
        let isPullRequest = repository.issues.first { $0.number == comment.issueNumber }?.isPullRequest ?? false
        let html =
            "\(repositoryHTML)/\(isPullRequest ? "pull" : "issues")/\(comment.issueNumber)#issuecomment-\(comment.id)"
        let plusOne = Int(comment.id % 4 == 0 ? comment.id % 5 : 0)
        return .object([
            ("url", .string(url)),
            ("html_url", .string(html)),
            ("issue_url", .string(issueURL)),
            ("id", .int(Int(comment.id))),
            ("node_id", Self.nodeID("IssueComment", comment.id)),
            ("user", comment.author.map(user) ?? .null),
            ("created_at", .string(GitHubTime.iso(comment.createdAt))),
            ("updated_at", .string(GitHubTime.iso(comment.updatedAt))),
            ("author_association", .string(comment.authorAssociation)),
            ("body", .string(comment.body)),
            (
                "reactions",
                .object(
                    [("url", .string("\(url)/reactions")), ("total_count", .int(plusOne)), ("+1", .int(plusOne))]
                        + ["-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"].map { ($0, .int(0)) })
            ),
            ("performed_via_github_app", .null),
        ])
    }
}
