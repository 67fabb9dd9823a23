import SQLiteDatabase

/// What is stored of one repository, as `status` and a sync's summary count it.
public struct RepositoryCounts: Sendable, Equatable {
    public let issues: Int
    public let pullRequests: Int
    public let open: Int
    public let comments: Int

    /// `status --json`'s keys, in its order.
    public var keyed: [(String, Int)] {
        [("issues", issues), ("pull_requests", pullRequests), ("open", open), ("comments", comments)]
    }
}

extension IssueArchive {
    public func counts(repositoryID: Int) throws -> RepositoryCounts {
        try database.queryFirst(
            """
            SELECT count(*) FILTER (WHERE NOT is_pull_request), count(*) FILTER (WHERE is_pull_request),
                   count(*) FILTER (WHERE state = 'open'),
                   (SELECT count(*) FROM github_comment WHERE repository_id = ?1)
            FROM github_issue WHERE repository_id = ?1
            """,
            [.int(repositoryID)]
        ) { RepositoryCounts(issues: $0.int(0), pullRequests: $0.int(1), open: $0.int(2), comments: $0.int(3)) }
            ?? RepositoryCounts(issues: 0, pullRequests: 0, open: 0, comments: 0)
    }
}
