import JSONOutput
import LocalDatabase
import SQLiteDatabase
import TextUtilities

/// The GitHub tables: what the issues sync writes and what `issues` and `issue` read.
public struct IssueArchive {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    // MARK: Sync state

    public struct SyncState: Sendable, Equatable {
        public let repositoryID: Int
        /// The newest `updated_at` stored for the repository; nil before the first page.
        public let highWaterMark: String?
        public let repositoryETag: String?
    }

    /// The sync state of the repository last stored under this name (any case), if any.
    public func syncState(fullName: String) throws -> SyncState? {
        try database.queryFirst(
            """
            SELECT r.id, s.high_water_mark, s.repository_etag
            FROM github_repository AS r LEFT JOIN github_sync_state AS s ON s.repository_id = r.id
            WHERE r.full_name = ? COLLATE NOCASE
            """,
            [.text(fullName)]
        ) { SyncState(repositoryID: $0.int(0), highWaterMark: $0.optionalText(1), repositoryETag: $0.optionalText(2)) }
    }

    public func syncState(repositoryID: Int) throws -> SyncState? {
        try database.queryFirst(
            "SELECT repository_id, high_water_mark, repository_etag FROM github_sync_state WHERE repository_id = ?",
            [.int(repositoryID)]
        ) { SyncState(repositoryID: $0.int(0), highWaterMark: $0.optionalText(1), repositoryETag: $0.optionalText(2)) }
    }

    /// Every repository synced before: its id and the name last stored for it.
    public func repositories() throws -> [(id: Int, fullName: String)] {
        try database.query("SELECT id, full_name FROM github_repository ORDER BY full_name COLLATE NOCASE") {
            (id: $0.int(0), fullName: $0.text(1))
        }
    }

    /// The stored ETag of the first issues page at `url`, if that is the URL last stored. URLs
    /// are stored and matched without userinfo: a base URL's credentials stay out of the file.
    public func issuesETag(repositoryID: Int, url: String) throws -> String? {
        try database.queryFirst(
            "SELECT issues_etag FROM github_sync_state WHERE repository_id = ? AND issues_url = ?",
            [.int(repositoryID), .text(SecretRedactor.removingUserinfo(url))]
        ) { $0.optionalText(0) } ?? nil
    }

    // MARK: Writing

    /// Stores a repository under its id; a new name (rename, transfer) replaces the old one.
    public func saveRepository(_ repository: GitHubRepository, etag: String?) throws {
        try database.writeTransaction {
            // Another id holding this name was renamed, transferred or deleted upstream and the
            // name reused. Its data stays, under a name marked with its id, until a refresh by
            // id tells its new name.
            try database.run(
                "UPDATE github_repository SET full_name = full_name || '~' || id WHERE full_name = ? COLLATE NOCASE AND id <> ?",
                [.text(repository.fullName), .int(repository.id)])
            try database.run(
                """
                INSERT INTO github_repository
                    (id, full_name, description, default_branch, open_issues_count, html_url, fetched_at,
                     \(RawBody.gitHub.columns))
                VALUES (?, ?, ?, ?, ?, ?, \(SQLTimestamp.now), ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    full_name = excluded.full_name, description = excluded.description,
                    default_branch = excluded.default_branch, open_issues_count = excluded.open_issues_count,
                    html_url = excluded.html_url, fetched_at = excluded.fetched_at,
                    \(RawBody.gitHub.excludedAssignments)
                """,
                [
                    .int(repository.id), .text(repository.fullName), .string(repository.description),
                    .string(repository.defaultBranch), .int(repository.openIssuesCount), .string(repository.htmlURL),
                ] + RawBody.values(repository.rawJSON))
            try database.run(
                """
                INSERT INTO github_sync_state (repository_id, repository_etag) VALUES (?, ?)
                ON CONFLICT (repository_id) DO UPDATE SET repository_etag = excluded.repository_etag
                """,
                [.int(repository.id), .string(etag)])
        }
    }

    /// Stores one page of issues together with the new high-water mark, in one transaction:
    /// an interrupted sync resumes after the last committed page. The ETag of a walk's first
    /// page is kept for the next refresh's conditional request. Returns how many items were
    /// new or changed; items identical to what is stored (the inclusive `since` boundary)
    /// are not written again.
    @discardableResult
    public func saveIssuePage(repositoryID: Int, issues: [GitHubIssue], firstPage: (url: String, etag: String?)?) throws
        -> Int
    {
        try database.writeTransaction {
            var changed = 0
            var saved = SavedThisPage()
            var textIndex = PageTextIndex(.issues)
            for issue in issues {
                // nil: not stored yet.
                let unchanged = try database.queryFirst(
                    Self.unchangedIssue,
                    RawBody.values(issue.rawJSON) + [.int(issue.id)]
                ) { $0.bool(0) }
                let written = try textIndex.save(issue.id, unchanged: unchanged, in: database) {
                    try saveIssue(issue, repositoryID: repositoryID, saved: &saved)
                }
                if written { changed += 1 }
            }
            try textIndex.write(to: database)
            try markThreadsToReread(issueIDs: issues.map(\.id), ofReconciled: repositoryID)
            if let newest = issues.map(\.updatedAt).max() {
                try database.run(
                    """
                    UPDATE github_sync_state SET high_water_mark = ?
                    WHERE repository_id = ? AND (high_water_mark IS NULL OR high_water_mark < ?)
                    """,
                    [.text(newest), .int(repositoryID), .text(newest)])
            }
            if let firstPage {
                try database.run(
                    "UPDATE github_sync_state SET issues_url = ?, issues_etag = ? WHERE repository_id = ?",
                    [
                        .text(SecretRedactor.removingUserinfo(firstPage.url)), .string(firstPage.etag),
                        .int(repositoryID),
                    ])
            }
            return changed
        }
    }

    /// Users, labels and milestones recur across a page's items: each is written once a page.
    struct SavedThisPage {
        var users: Set<Int> = []
        var labels: Set<Int> = []
        var milestones: Set<Int> = []
    }

    func saveUser(_ user: GitHubUser, saved: inout SavedThisPage) throws {
        guard saved.users.insert(user.id).inserted else { return }
        try database.run(
            """
            INSERT INTO github_user (id, login, type) VALUES (?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET login = excluded.login, type = excluded.type
            """,
            [.int(user.id), .text(user.login), .string(user.type)])
    }

    private func saveIssue(_ issue: GitHubIssue, repositoryID: Int, saved: inout SavedThisPage) throws {
        if let author = issue.author { try saveUser(author, saved: &saved) }
        if let milestone = issue.milestone, saved.milestones.insert(milestone.id).inserted {
            try database.run(
                """
                INSERT INTO github_milestone (id, repository_id, number, title, state) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET number = excluded.number, title = excluded.title, state = excluded.state
                """,
                [
                    .int(milestone.id), .int(repositoryID), .int(milestone.number), .text(milestone.title),
                    .string(milestone.state),
                ])
        }
        // GitHub never gives one number to two items; if a server does, the item stored under
        // it moves aside (number -id) with everything it has, rather than be deleted for a
        // number alone.
        try database.run(
            "UPDATE github_issue SET number = -id WHERE repository_id = ? AND number = ? AND id <> ?",
            [.int(repositoryID), .int(issue.number), .int(issue.id)])
        try database.run(
            Self.issueUpsert,
            [
                .int(issue.id), .int(repositoryID), .int(issue.number), .text(issue.title), .string(issue.body),
                .text(issue.state), .string(issue.stateReason), .bool(issue.locked), .int(issue.comments),
                .int(issue.author?.id), .string(issue.authorAssociation), .int(issue.milestone?.id),
                .bool(issue.isPullRequest), issue.draft.map(SQLValue.bool) ?? .null, .string(issue.mergedAt),
                .text(issue.createdAt), .text(issue.updatedAt), .string(issue.closedAt), .text(issue.htmlURL),
            ] + RawBody.values(issue.rawJSON))
        try database.run("DELETE FROM github_issue_label WHERE issue_id = ?", [.int(issue.id)])
        for label in issue.labels where saved.labels.insert(label.id).inserted {
            try database.run(
                """
                INSERT INTO github_label (id, repository_id, name, color, description) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, color = excluded.color,
                    description = excluded.description
                """,
                [
                    .int(label.id), .int(repositoryID), .text(label.name), .string(label.color),
                    .string(label.description),
                ])
        }
        for (position, label) in issue.labels.enumerated() {
            try database.run(
                "INSERT OR IGNORE INTO github_issue_label (issue_id, label_id, position) VALUES (?, ?, ?)",
                [.int(issue.id), .int(label.id), .int(position)])
        }
        try database.run("DELETE FROM github_issue_assignee WHERE issue_id = ?", [.int(issue.id)])
        for (position, assignee) in issue.assignees.enumerated() {
            try saveUser(assignee, saved: &saved)
            try database.run(
                "INSERT OR IGNORE INTO github_issue_assignee (issue_id, user_id, position) VALUES (?, ?, ?)",
                [.int(issue.id), .int(assignee.id), .int(position)])
        }
    }

    /// Whether the issue stored under an id is the item as bound (its three raw columns).
    private static let unchangedIssue = "SELECT \(RawBody.gitHub.matches) FROM github_issue WHERE id = ?"

    /// Made once, not for every issue stored.
    private static let issueUpsert = """
        INSERT INTO github_issue
            (id, repository_id, number, title, body, state, state_reason, locked, comments, author_id,
             author_association, milestone_id, is_pull_request, draft, merged_at, created_at, updated_at,
             closed_at, html_url, \(RawBody.gitHub.columns))
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            repository_id = excluded.repository_id, number = excluded.number, title = excluded.title,
            body = excluded.body, state = excluded.state, state_reason = excluded.state_reason,
            locked = excluded.locked, comments = excluded.comments, author_id = excluded.author_id,
            author_association = excluded.author_association, milestone_id = excluded.milestone_id,
            is_pull_request = excluded.is_pull_request, draft = excluded.draft, merged_at = excluded.merged_at,
            created_at = excluded.created_at, updated_at = excluded.updated_at, closed_at = excluded.closed_at,
            html_url = excluded.html_url, \(RawBody.gitHub.excludedAssignments)
        """

    // MARK: Reading

    /// The repository's stored issues matching `filter`, newest first.
    public func issues(repository fullName: String, filter: IssueFilter) throws -> [StoredIssue] {
        try database.readTransaction {
            guard let repositoryID = try syncState(fullName: fullName)?.repositoryID else { return [] }
            let page = Self.pageQuery(repositoryID: repositoryID, filter: filter)
            var issues = try storedIssues(
                "FROM (\(page.sql)) AS page JOIN github_issue AS i ON i.id = page.id \(Self.issueJoins)"
                    + " ORDER BY i.created_at DESC, i.number DESC",
                page.parameters)
            if let search = TextSearch(filter.search) {
                let matches = try searchMatches(
                    repositoryID: repositoryID, numbers: issues.map(\.number), search: search)
                for index in issues.indices { issues[index].matched = matches[issues[index].number, default: []] }
            }
            return issues
        }
    }

    /// The ids of one page of the repository's issues matching `filter`, newest first.
    ///
    /// The SQL is assembled from fixed fragments, one per filter given, so that SQLite walks
    /// the (repository, created, number, kind, state) index newest first, checks the filters
    /// and stops when the page is full; a constant text with "? IS NULL OR …" conditions made
    /// it scan every issue. Every value is still bound. A search is a set of full-text matches
    /// that walk checks: starting from the matches instead read every matching issue's row to
    /// sort them, many times the pages for a common word. Only the page's own rows are then
    /// read in full.
    static func pageQuery(repositoryID: Int, filter: IssueFilter) -> (sql: String, parameters: [SQLValue]) {
        let matching = matchingIssues(repositoryID: repositoryID, filter: filter)
        return (
            "SELECT i.id \(matching.sql) ORDER BY i.created_at DESC, i.number DESC LIMIT ? OFFSET ?",
            matching.parameters + [.int(filter.limit), .int(filter.offset)]
        )
    }

    /// `FROM … WHERE …` of the repository's issues matching `filter`, at any offset.
    static func matchingIssues(repositoryID: Int, filter: IssueFilter) -> (sql: String, parameters: [SQLValue]) {
        var conditions: [String] = []
        var parameters: [SQLValue] = []
        if let search = TextSearch(filter.search) {
            // Either set is computed once (neither depends on the row): the issues whose title
            // or body has every word, and the numbers of those with a comment that has. The
            // comments are reached from their index matches (`+` keeps SQLite off the
            // repository index, which read every comment of the repository to test each against
            // them); without words in the index, the repository's comments are scanned.
            let issue = search.issueCondition(in: nil)
            let comment = search.commentCondition()
            let repository = search.words == nil ? "c.repository_id" : "+c.repository_id"
            conditions.append(
                """
                (\(issue.sql)
                 OR i.number IN (SELECT c.issue_number FROM github_comment AS c
                                 WHERE \(repository) = ? AND \(comment.sql)))
                """)
            parameters += issue.parameters + [.int(repositoryID)] + comment.parameters
        }
        conditions.append("i.repository_id = ?")
        parameters.append(.int(repositoryID))
        switch filter.kinds {
        case .issues: conditions.append("i.is_pull_request = 0")
        case .pullRequests: conditions.append("i.is_pull_request = 1")
        case .all: break
        }
        if filter.state != .all {
            conditions.append("i.state = ?")
            parameters.append(.text(filter.state.rawValue))
        }
        if let author = filter.author {
            conditions.append("i.author_id IN (SELECT id FROM github_user WHERE login = ? COLLATE NOCASE)")
            parameters.append(.text(author))
        }
        if let labels = carryingAllLabels(filter.labels, issue: "i.id") {
            conditions.append(labels.sql)
            parameters += labels.parameters
        }
        return ("FROM github_issue AS i WHERE " + conditions.joined(separator: " AND "), parameters)
    }

    /// One stored issue or pull request by number.
    public func issue(repository fullName: String, number: Int) throws -> StoredIssue? {
        try database.readTransaction {
            try storedIssues(
                "FROM github_issue AS i \(Self.issueJoins) WHERE r.full_name = ? COLLATE NOCASE AND i.number = ?",
                [.text(fullName), .int(number)]
            ).first
        }
    }

    private static let issueJoins = """
        JOIN github_repository AS r ON r.id = i.repository_id
        LEFT JOIN github_user AS u ON u.id = i.author_id
        LEFT JOIN github_milestone AS m ON m.id = i.milestone_id
        """

    /// The issues `fromWhere` selects (its FROM clause names the issue `i`, the repository
    /// `r`, the author `u` and the milestone `m`; it may end in ORDER BY), with their labels and
    /// assignees read in one query each for all of them rather than two per issue.
    private func storedIssues(_ fromWhere: String, _ parameters: [SQLValue]) throws -> [StoredIssue] {
        var ids: [Int] = []
        var issues = try database.query(
            """
            SELECT i.id, r.full_name, i.number, i.title, i.body, i.state, i.state_reason, i.locked,
                   i.is_pull_request, i.draft, i.merged_at, u.login, m.title, i.comments, i.created_at,
                   i.updated_at, i.closed_at, i.html_url
            """ + " " + fromWhere,
            parameters
        ) { row in
            ids.append(row.int(0))
            return StoredIssue(
                repository: row.text(1), number: row.int(2), title: row.text(3), body: row.optionalText(4),
                state: row.text(5), stateReason: row.optionalText(6), locked: row.bool(7),
                isPullRequest: row.bool(8), draft: row.isNull(9) ? nil : row.bool(9), mergedAt: row.optionalText(10),
                labels: [], author: row.optionalText(11), assignees: [], milestone: row.optionalText(12),
                comments: row.int(13), createdAt: row.text(14), updatedAt: row.text(15), closedAt: row.optionalText(16),
                htmlURL: row.text(17))
        }
        guard !issues.isEmpty else { return [] }
        let idList = SQLValue.jsonArray(ids)
        let labels = try namesByIssue(
            """
            SELECT il.issue_id, l.name FROM github_issue_label AS il JOIN github_label AS l ON l.id = il.label_id
            WHERE il.issue_id IN (SELECT value FROM json_each(?)) ORDER BY il.position, l.name
            """, idList)
        let assignees = try namesByIssue(
            """
            SELECT a.issue_id, u.login FROM github_issue_assignee AS a JOIN github_user AS u ON u.id = a.user_id
            WHERE a.issue_id IN (SELECT value FROM json_each(?)) ORDER BY a.position, u.login
            """, idList)
        for (index, id) in ids.enumerated() {
            issues[index].labels = labels[id, default: []]
            issues[index].assignees = assignees[id, default: []]
        }
        return issues
    }

    /// (issue id, name) rows grouped by issue, each group in the rows' order.
    private func namesByIssue(_ sql: String, _ idList: SQLValue) throws -> [Int: [String]] {
        var names: [Int: [String]] = [:]
        for (id, name) in try database.query(sql, [idList], row: { ($0.int(0), $0.text(1)) }) {
            names[id, default: []].append(name)
        }
        return names
    }
}
