import SQLiteDatabase

/// The read side of comments: an issue's thread, where a search matched, and the stored
/// repositories with their counts.
extension IssueArchive {
    /// The stored comments of issue `number`, oldest first.
    public func thread(repository fullName: String, number: Int) throws -> [StoredComment] {
        try database.query(
            """
            SELECT c.id, u.login, c.author_association, c.body, c.created_at, c.updated_at, c.html_url
            FROM github_repository AS r
            JOIN github_comment AS c ON c.repository_id = r.id AND c.issue_number = ?
            LEFT JOIN github_user AS u ON u.id = c.author_id
            WHERE r.full_name = ? COLLATE NOCASE
            ORDER BY c.created_at, c.id
            """,
            [.int(number), .text(fullName)]
        ) { row in
            StoredComment(
                id: row.int(0), author: row.optionalText(1), authorAssociation: row.optionalText(2),
                body: row.text(3), createdAt: row.text(4), updatedAt: row.text(5), htmlURL: row.text(6))
        }
    }

    /// For the issues numbered `numbers` (a page of search results), where `search` matched:
    /// title and body each on its own, both when only together they hold every word, and any
    /// one comment.
    func searchMatches(repositoryID: Int, numbers: [Int], search: TextSearch) throws -> [Int: SearchMatch] {
        guard !numbers.isEmpty else { return [:] }
        var matches: [Int: SearchMatch] = [:]
        let page: [SQLValue] = [.int(repositoryID), SQLValue.jsonArray(numbers)]
        for (column, match) in [(TextSearch.Column.title, SearchMatch.title), (.body, .body), (nil, [.title, .body])] {
            let condition = search.issueCondition(in: column)
            let matched = try database.query(
                """
                SELECT i.number FROM github_issue AS i
                WHERE i.repository_id = ? AND i.number IN (SELECT value FROM json_each(?)) AND \(condition.sql)
                """,
                page + condition.parameters
            ) { $0.int(0) }
            // The whole row last: it adds both columns only where neither matched alone.
            for number in matched where column == nil ? matches[number] == nil : true {
                matches[number, default: []].formUnion(match)
            }
        }
        let comment = search.commentCondition()
        let commented = try database.query(
            """
            SELECT DISTINCT c.issue_number FROM github_comment AS c
            WHERE c.repository_id = ? AND c.issue_number IN (SELECT value FROM json_each(?)) AND \(comment.sql)
            """,
            page + comment.parameters
        ) { $0.int(0) }
        for number in commented { matches[number, default: []].insert(.comments) }
        return matches
    }

    /// Every stored repository with what is stored of it, by name.
    public func repositorySummaries() throws -> [RepositorySummary] {
        try database.query(
            """
            SELECT r.id, r.full_name,
                   (SELECT count(*) FROM github_issue WHERE repository_id = r.id AND is_pull_request = 0),
                   (SELECT count(*) FROM github_issue WHERE repository_id = r.id AND is_pull_request = 1),
                   (SELECT count(*) FROM github_comment WHERE repository_id = r.id),
                   (SELECT max(finished_at) FROM sync_run
                    WHERE resource = 'issues' AND repository_id = r.id AND outcome = 'succeeded'),
                   s.reconciled_at
            FROM github_repository AS r LEFT JOIN github_sync_state AS s ON s.repository_id = r.id
            ORDER BY r.full_name COLLATE NOCASE
            """
        ) { row in
            RepositorySummary(
                id: row.int(0), fullName: row.text(1), issues: row.int(2), pullRequests: row.int(3),
                comments: row.int(4), lastSynced: row.optionalText(5), reconciledAt: row.optionalText(6))
        }
    }
}

/// A stored repository as `pokedex repos` lists it.
public struct RepositorySummary: Sendable, Equatable {
    public let id: Int
    public let fullName: String
    public let issues: Int
    public let pullRequests: Int
    public let comments: Int
    /// When its last successful sync ended; nil if none has.
    public let lastSynced: String?
    /// When it was last reconciled in full.
    public let reconciledAt: String?
}
