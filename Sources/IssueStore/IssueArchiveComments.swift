import LocalDatabase
import SQLiteDatabase
import TextUtilities

/// The comment side of the GitHub tables: the repository-wide comment stream's pages, an
/// issue's thread made equal to the server's, and the whole-repository reconcile.
extension IssueArchive {
    /// Where the comment stream resumes, and when the repository was last reconciled.
    public struct CommentStreamState: Sendable, Equatable {
        /// The newest comment `updated_at` stored; nil before the first page.
        public let highWaterMark: String?
        /// When the last full reconcile (or the first complete sync) ended; nil before.
        public let reconciledAt: String?
    }

    public func commentStreamState(repositoryID: Int) throws -> CommentStreamState {
        try database.queryFirst(
            "SELECT comments_high_water_mark, reconciled_at FROM github_sync_state WHERE repository_id = ?",
            [.int(repositoryID)]
        ) { CommentStreamState(highWaterMark: $0.optionalText(0), reconciledAt: $0.optionalText(1)) }
            ?? CommentStreamState(highWaterMark: nil, reconciledAt: nil)
    }

    /// The stored ETag of the comment stream's first page at `url` (stored without userinfo).
    public func commentsETag(repositoryID: Int, url: String) throws -> String? {
        try database.queryFirst(
            "SELECT comments_etag FROM github_sync_state WHERE repository_id = ? AND comments_url = ?",
            [.int(repositoryID), .text(SecretRedactor.removingUserinfo(url))]
        ) { $0.optionalText(0) } ?? nil
    }

    /// Stores one page of the comment stream with its high-water mark, in one transaction, as
    /// ``saveIssuePage(repositoryID:issues:firstPage:)`` does for issues. Returns how many
    /// comments were new or changed.
    @discardableResult
    public func saveCommentPage(
        repositoryID: Int, comments: [GitHubComment], firstPage: (url: String, etag: String?)?
    ) throws -> Int {
        try database.writeTransaction {
            let changed = try saveComments(comments, repositoryID: repositoryID)
            if let newest = comments.map(\.updatedAt).max() {
                try database.run(
                    """
                    UPDATE github_sync_state SET comments_high_water_mark = ?
                    WHERE repository_id = ? AND (comments_high_water_mark IS NULL OR comments_high_water_mark < ?)
                    """,
                    [.text(newest), .int(repositoryID), .text(newest)])
            }
            if let firstPage {
                try database.run(
                    "UPDATE github_sync_state SET comments_url = ?, comments_etag = ? WHERE repository_id = ?",
                    [
                        .text(SecretRedactor.removingUserinfo(firstPage.url)), .string(firstPage.etag),
                        .int(repositoryID),
                    ])
            }
            return changed
        }
    }

    /// Makes the stored thread of issue `issueNumber` exactly `comments` (the server's whole
    /// list): comments not in it were deleted upstream. One transaction, which also clears
    /// the thread's mark (``threadsToReread(repositoryID:received:)``).
    public func replaceThread(repositoryID: Int, issueNumber: Int, comments: [GitHubComment]) throws
        -> (changed: Int, deleted: Int)
    {
        try database.writeTransaction {
            let deleted = try deleteRows(
                "DELETE FROM github_comment WHERE repository_id = ? AND issue_number = ?",
                [.int(repositoryID), .int(issueNumber)], keeping: comments.map(\.id))
            let changed = try saveComments(comments, repositoryID: repositoryID)
            try dropRereadMark(repositoryID: repositoryID, issueNumber: issueNumber)
            return (changed, deleted)
        }
    }

    /// The numbers of the repository's threads to re-read: those marked (the issues' pages mark
    /// theirs as they commit) and those of the issues `received` (by id) whose comment count
    /// as GitHub last gave it differs from the comments stored, marks whose counts agree now
    /// dropped. A mark stays until the thread is re-read
    /// (``replaceThread(repositoryID:issueNumber:comments:)``), given up
    /// (``dropRereadMark(repositoryID:issueNumber:)``) or reconciled: a re-read that fails or
    /// never came (the run stopped in the comment stream) is the next sync's, although the
    /// issue is not received again.
    public func threadsToReread(repositoryID: Int, received issueIDs: Set<Int>) throws -> [Int] {
        try database.writeTransaction {
            try markThreadsToReread(issueIDs: Array(issueIDs), ofReconciled: nil)
            try database.run(
                """
                DELETE FROM github_thread_reread_pending
                WHERE issue_id IN (SELECT issue_id FROM github_issue_comment_count
                                   WHERE issue_id IN (SELECT issue_id FROM github_thread_reread_pending)
                                     AND server_count = stored_count)
                """)
            return try database.query(
                """
                SELECT i.number FROM github_thread_reread_pending AS p
                JOIN github_issue AS i ON i.id = p.issue_id
                WHERE i.repository_id = ?
                ORDER BY i.number
                """,
                [.int(repositoryID)]
            ) { $0.int(0) }
        }
    }

    /// Inside the caller's transaction: marks the threads of `issueIDs` whose comment count as
    /// GitHub gave it differs from the comments stored. With `repositoryID`, only once that
    /// repository was reconciled (or synced whole once): a first sync reads every comment in
    /// its stream, where marking each issue it lists before would cost a write per issue.
    func markThreadsToReread(issueIDs: [Int], ofReconciled repositoryID: Int?) throws {
        try database.run(
            """
            INSERT OR IGNORE INTO github_thread_reread_pending (issue_id)
            SELECT issue_id FROM github_issue_comment_count
            WHERE issue_id IN (SELECT value FROM json_each(?1)) AND server_count <> stored_count
              AND (?2 IS NULL OR EXISTS (SELECT 1 FROM github_sync_state
                                         WHERE repository_id = ?2 AND reconciled_at IS NOT NULL))
            """,
            [SQLValue.jsonArray(issueIDs), .int(repositoryID)])
    }

    /// Forgets that issue `issueNumber`'s thread is to be re-read: the server no longer has it,
    /// or answers it with what no thread can be read from, until a reconcile.
    public func dropRereadMark(repositoryID: Int, issueNumber: Int) throws {
        try database.run(
            """
            DELETE FROM github_thread_reread_pending
            WHERE issue_id = (SELECT id FROM github_issue WHERE repository_id = ? AND number = ?)
            """,
            [.int(repositoryID), .int(issueNumber)])
    }

    /// After a complete walk of the repository's issues: removes the stored ones it did not
    /// list (deleted or transferred upstream). Returns how many.
    public func removeIssues(repositoryID: Int, keeping ids: Set<Int>) throws -> Int {
        try database.writeTransaction {
            try deleteRows(
                "DELETE FROM github_issue WHERE repository_id = ?", [.int(repositoryID)], keeping: Array(ids))
        }
    }

    /// After a complete walk of the comment stream: removes the stored comments it did not
    /// list (deleted upstream, or of an issue that left). Returns how many.
    public func removeComments(repositoryID: Int, keeping ids: Set<Int>) throws -> Int {
        try database.writeTransaction {
            try deleteRows(
                "DELETE FROM github_comment WHERE repository_id = ?", [.int(repositoryID)], keeping: Array(ids))
        }
    }

    /// Records that the repository's stored set was just made equal to the server's: no
    /// thread of it is left to re-read.
    public func markReconciled(repositoryID: Int) throws {
        try database.writeTransaction {
            try database.run(
                "UPDATE github_sync_state SET reconciled_at = \(SQLTimestamp.now) WHERE repository_id = ?",
                [.int(repositoryID)])
            try database.run(
                """
                DELETE FROM github_thread_reread_pending
                WHERE issue_id IN (SELECT id FROM github_issue WHERE repository_id = ?)
                """,
                [.int(repositoryID)])
        }
    }

    /// Whether the last reconcile ended more than `seconds` ago (never counts as not due: a
    /// repository's first sync lists everything).
    public func reconcileIsDue(repositoryID: Int, afterSeconds seconds: Int) throws -> Bool {
        try database.queryFirst(
            "SELECT reconciled_at < \(SQLTimestamp.nowShiftedByParameter) FROM github_sync_state WHERE repository_id = ?",
            [.text("-\(seconds) seconds"), .int(repositoryID)]
        ) { $0.isNull(0) ? false : $0.bool(0) } ?? false
    }

    /// Runs `delete` (a DELETE whose WHERE clause is left open to an AND) for the rows whose
    /// id is not in `ids`; returns how many went.
    private func deleteRows(_ delete: String, _ parameters: [SQLValue], keeping ids: [Int]) throws -> Int {
        try database.run(
            delete + " AND id NOT IN (SELECT value FROM json_each(?))", parameters + [SQLValue.jsonArray(ids)])
        return database.changes
    }

    /// Upserts each comment not stored exactly so already, inside the caller's transaction;
    /// returns how many were new or changed.
    private func saveComments(_ comments: [GitHubComment], repositoryID: Int) throws -> Int {
        var saved = SavedThisPage()
        var textIndex = PageTextIndex(.comments)
        var changed = 0
        for comment in comments {
            // nil: not stored yet.
            let unchanged = try database.queryFirst(
                Self.unchangedComment,
                RawBody.values(comment.rawJSON) + [.int(repositoryID), .int(comment.id)]
            ) { $0.bool(0) }
            let written = try textIndex.save(comment.id, unchanged: unchanged, in: database) {
                try saveComment(comment, repositoryID: repositoryID, saved: &saved)
            }
            if written { changed += 1 }
        }
        try textIndex.write(to: database)
        return changed
    }

    private func saveComment(_ comment: GitHubComment, repositoryID: Int, saved: inout SavedThisPage) throws {
        if let author = comment.author { try saveUser(author, saved: &saved) }
        try database.run(
            Self.commentUpsert,
            [
                .int(comment.id), .int(repositoryID), .int(comment.issueNumber), .int(comment.author?.id),
                .string(comment.authorAssociation), .text(comment.body), .text(comment.createdAt),
                .text(comment.updatedAt), .text(comment.htmlURL),
            ] + RawBody.values(comment.rawJSON))
    }

    /// Whether the comment stored under an id is the one bound, in the same repository.
    private static let unchangedComment =
        "SELECT \(RawBody.gitHub.matches) AND repository_id = ? FROM github_comment WHERE id = ?"

    /// Made once, not for every comment stored.
    private static let commentUpsert = """
        INSERT INTO github_comment
            (id, repository_id, issue_number, author_id, author_association, body, created_at, updated_at,
             html_url, \(RawBody.gitHub.columns))
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            repository_id = excluded.repository_id, issue_number = excluded.issue_number,
            author_id = excluded.author_id, author_association = excluded.author_association,
            body = excluded.body, created_at = excluded.created_at, updated_at = excluded.updated_at,
            html_url = excluded.html_url, \(RawBody.gitHub.excludedAssignments)
        """
}
