import BodyCoding
import SQLiteDatabase
import TestSupport
import Testing

@testable import IssueStore
@testable import LocalDatabase
@testable import PokedexStore

/// The full-text indexes after migration 0018, which has the sync index new rows a page at a
/// time: a database whose rows older triggers indexed, and rows another program inserted
/// (indexed by nothing), stay searchable and whole through the sync's changes and removals.
@Suite("Full-text indexes of issues and comments kept whole")
struct TextIndexMaintenanceTests {
    typealias Before = GitHubRawJSONCompressionTests

    static func issue(id: Int, number: Int, title: String) -> GitHubIssue {
        GitHubIssue(
            id: id, number: number, title: title, body: "Body of \(title)", state: "open", stateReason: nil,
            locked: false, comments: 0, author: nil, authorAssociation: nil, labels: [], assignees: [],
            milestone: nil, isPullRequest: false, draft: nil, mergedAt: nil, createdAt: "2024-05-01T00:00:00Z",
            updatedAt: "2024-05-02T00:00:00Z", closedAt: nil, htmlURL: "h\(number)",
            rawJSON: .compressing(Array("{\"id\":\(id),\"title\":\"\(title)\"}".utf8)))
    }

    static func comment(id: Int, issue: Int, body: String) -> GitHubComment {
        GitHubComment(
            id: id, issueNumber: issue, author: nil, authorAssociation: nil, body: body,
            createdAt: "2024-05-01T00:00:00Z", updatedAt: "2024-05-02T00:00:00Z", htmlURL: "c\(id)",
            rawJSON: .compressing(Array("{\"id\":\(id),\"body\":\"\(body)\"}".utf8)))
    }

    /// The issue numbers `--search text` finds in `repository`.
    static func found(_ text: String, in archive: IssueArchive, repository: String) throws -> [Int] {
        var filter = IssueFilter()
        filter.state = .all
        filter.search = text
        return try archive.issues(repository: repository, filter: filter).map(\.number).sorted()
    }

    /// FTS5's own check of every entry against the rows of its table.
    static func checkIndexes(_ database: Database) throws {
        try database.run("INSERT INTO github_issue_fts (github_issue_fts, rank) VALUES ('integrity-check', 1)")
        try database.run("INSERT INTO github_comment_fts (github_comment_fts, rank) VALUES ('integrity-check', 1)")
    }

    @Test("a database indexed by the old triggers: new, changed and removed rows after the migration")
    func migratedDatabase() throws {
        let directory = try TemporaryDirectory()
        let before = try Before.databaseBefore0017(in: directory)
        let database = try LocalStore.openForWriting(path: before.path)
        let archive = IssueArchive(database: database)
        let repository = Before.repository
        #expect(try Self.found("zeppelin", in: archive, repository: repository).isEmpty)
        try archive.saveIssuePage(
            repositoryID: 1,
            issues: [
                Self.issue(id: Before.issueID(3), number: 3, title: "Zeppelin drift"),
                Self.issue(id: 42, number: 99, title: "Zeppelin hangar"),
            ], firstPage: nil)
        try archive.saveCommentPage(
            repositoryID: 1,
            comments: [
                Self.comment(id: Before.commentID(issue: 4, 0), issue: 4, body: "zeppelin here too"),
                Self.comment(id: 43, issue: 99, body: "a new zeppelin comment"),
            ], firstPage: nil)
        #expect(try Self.found("zeppelin", in: archive, repository: repository) == [3, 4, 99])
        try Self.checkIndexes(database)
        #expect(try archive.removeIssues(repositoryID: 1, keeping: [Before.issueID(4), 42]) == Before.issueCount - 1)
        #expect(try archive.removeComments(repositoryID: 1, keeping: [43]) > 0)
        #expect(try Self.found("zeppelin", in: archive, repository: repository) == [99])
        try Self.checkIndexes(database)
        database.close()
    }

    @Test("a word finds its other forms in rows stored before 0028 rebuilt the indexes, which Datasette detects")
    func wordForms() throws {
        let directory = try TemporaryDirectory()
        let before = try Before.databaseBefore0017(in: directory)
        let database = try LocalStore.openForWriting(path: before.path)
        let archive = IssueArchive(database: database)
        let numbers = 1...Before.issueCount
        // Titles say "crash", comments "restart".
        for word in ["crash", "crashes", "crashing"] {
            #expect(try Self.found(word, in: archive, repository: Before.repository) == numbers.filter { $0 % 3 == 0 })
        }
        #expect(
            try Self.found("restarted", in: archive, repository: Before.repository) == numbers.filter { $0 % 4 == 0 })
        // Datasette's own test of whether a table has a full-text index.
        for (table, index) in [("github_issue", "github_issue_fts"), ("github_comment", "github_comment_fts")] {
            let detected = try database.query(
                "SELECT name FROM sqlite_schema WHERE rootpage = 0 AND sql LIKE ?",
                [.text("%VIRTUAL TABLE%USING FTS%content=\"\(table)\"%")]
            ) { $0.text(0) }
            #expect(detected == [index])
        }
        try Self.checkIndexes(database)
        database.close()
    }

    @Test(
        "rows another program inserted, never indexed: a sync's change indexes them, a removal leaves the index whole")
    func rowsInsertedByHand() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("hand.sqlite"))
        let archive = IssueArchive(database: database)
        try archive.saveRepository(
            GitHubRepository(
                id: 1, fullName: "acme/rocket", description: nil, defaultBranch: nil, openIssuesCount: nil,
                htmlURL: nil, rawJSON: .compressing(Array("{}".utf8))),
            etag: nil)
        try database.execute(
            """
            INSERT INTO github_issue (id, repository_id, number, title, body, state, locked, comments,
                is_pull_request, created_at, updated_at, html_url, raw_json_encoding, raw_json_size, raw_json)
            VALUES (7, 1, 7, 'Typed by hand', 'no index yet', 'open', 0, 0, 0, '2024-01-01T00:00:00Z',
                    '2024-01-01T00:00:00Z', 'h', 'identity', 2, CAST('{}' AS BLOB)),
                   (8, 1, 8, 'Also by hand', 'no index yet', 'open', 0, 0, 0, '2024-01-01T00:00:00Z',
                    '2024-01-01T00:00:00Z', 'h', 'identity', 2, CAST('{}' AS BLOB));
            INSERT INTO github_comment (id, repository_id, issue_number, body, created_at, updated_at, html_url,
                raw_json_encoding, raw_json_size, raw_json)
            VALUES (70, 1, 7, 'hand comment', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', 'c', 'identity', 2,
                    CAST('{}' AS BLOB)),
                   (80, 1, 8, 'hand comment', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', 'c', 'identity', 2,
                    CAST('{}' AS BLOB));
            """)
        #expect(try Self.found("hand", in: archive, repository: "acme/rocket").isEmpty, "nothing indexed them")
        try archive.saveIssuePage(
            repositoryID: 1, issues: [Self.issue(id: 7, number: 7, title: "Synced over")], firstPage: nil)
        _ = try archive.replaceThread(
            repositoryID: 1, issueNumber: 7, comments: [Self.comment(id: 70, issue: 7, body: "synced comment")])
        #expect(try Self.found("synced", in: archive, repository: "acme/rocket") == [7])
        // Issue 8 and comment 80 are still unindexed (the check would say so): removing them
        // must not hand the index a 'delete' for entries it never held.
        #expect(try archive.removeIssues(repositoryID: 1, keeping: [7]) == 1)
        #expect(try archive.removeComments(repositoryID: 1, keeping: [70]) == 1)
        try Self.checkIndexes(database)
        database.close()
    }
}
