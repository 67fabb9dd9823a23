import BodyCoding
import SQLiteDatabase
import TestSupport
import Testing

@testable import IssueStore
@testable import LocalDatabase
@testable import PokedexStore

/// A database synced before GitHub's items were compressed (migration 0017) keeps every
/// repository, issue, comment and what hangs on them when a sync opens it; its items are then
/// compressed in place, its searches answer as before, and the file shrinks.
@Suite("GitHub items compressed in existing databases")
struct GitHubRawJSONCompressionTests {
    static let repository = "acme/rocket"
    static let issueCount = 30
    static let commentsPerIssue = 2

    static func issueID(_ number: Int) -> Int { 9_000_000_000 + number }
    static func commentID(issue number: Int, _ index: Int) -> Int { 7_000_000_000 + number * 10 + index }

    /// Titles and comments that searches below tell apart: some issues crash, some comments
    /// say how to work around it, one title has an accent.
    static func title(_ number: Int) -> String {
        switch number % 3 {
        case 0: "Engine crash on ignition #\(number)"
        case 1: "Telemetry café dashboard #\(number)"
        default: "Valve pressure regression #\(number)"
        }
    }

    static func commentBody(issue number: Int, _ index: Int) -> String {
        (number % 4 == 0 && index == 0 ? "A workaround: restart the ground station. " : "")
            + GitHubItemFixture.prose(seed: UInt64(number * 100 + index), bytes: 6_000)
    }

    /// The rows a sync before 0017 wrote, `raw_json` as TEXT; values bound.
    static func fill(_ database: Database) throws {
        try database.run(
            "INSERT INTO github_repository (id, full_name, default_branch, html_url, fetched_at, raw_json) VALUES (?, ?, 'main', ?, 't', ?)",
            [
                .int(1), .text(repository), .text("https://github.com/\(repository)"),
                .text(GitHubItemFixture.repository(id: 1, fullName: repository)),
            ])
        try database.run(
            "INSERT INTO github_repository (id, full_name, fetched_at, raw_json) VALUES (2, 'acme/tiny', 't', '{}')")
        try database.execute(
            """
            INSERT INTO github_user (id, login, type) VALUES (5, 'octocat', 'User'), (7, 'hubot', 'Bot');
            INSERT INTO github_milestone (id, repository_id, number, title, state) VALUES (60, 1, 1, 'v1', 'open');
            INSERT INTO github_label (id, repository_id, name, color) VALUES (501, 1, 'bug', 'd73a4a'), (502, 1, 'flight', '00ff00');
            INSERT INTO github_sync_state (repository_id, high_water_mark, repository_etag) VALUES (1, '2024-02-01T00:00:00Z', '"r"');
            INSERT INTO sync_run (resource, repository_name, repository_id, pid, started_at, outcome)
                VALUES ('issues', 'acme/rocket', 1, 1, 't', 'succeeded');
            """)
        for number in 1...issueCount {
            let body = GitHubItemFixture.prose(seed: UInt64(number), bytes: 18_000)
            let json = GitHubItemFixture.issue(
                id: issueID(number), repository: repository, number: number, title: title(number), body: body,
                author: (5, "octocat"), comments: commentsPerIssue)
            try database.run(
                """
                INSERT INTO github_issue (id, repository_id, number, title, body, state, locked, comments, author_id,
                    author_association, milestone_id, is_pull_request, created_at, updated_at, html_url, raw_json)
                VALUES (?, 1, ?, ?, ?, 'open', 0, ?, 5, 'MEMBER', ?, 0, ?, '2024-02-01T00:00:00Z', ?, ?)
                """,
                [
                    .int(issueID(number)), .int(number), .text(title(number)), .text(body),
                    // One issue's count differs from its stored comments: the view must say so.
                    .int(number == 3 ? commentsPerIssue + 1 : commentsPerIssue),
                    number.isMultiple(of: 2) ? .int(60) : .null,
                    .text("2024-01-\(String(format2: number % 28 + 1))T00:00:00Z"), .text("h\(number)"), .text(json),
                ])
            try database.run(
                "INSERT INTO github_issue_label (issue_id, label_id) VALUES (?, 501)", [.int(issueID(number))])
            if number.isMultiple(of: 3) {
                try database.run(
                    "INSERT INTO github_issue_label (issue_id, label_id) VALUES (?, 502)", [.int(issueID(number))])
            }
            try database.run(
                "INSERT INTO github_issue_assignee (issue_id, user_id) VALUES (?, 7)", [.int(issueID(number))])
            for index in 0..<commentsPerIssue {
                let id = commentID(issue: number, index)
                let body = commentBody(issue: number, index)
                try database.run(
                    """
                    INSERT INTO github_comment (id, repository_id, issue_number, author_id, author_association, body,
                        created_at, updated_at, html_url, raw_json)
                    VALUES (?, 1, ?, 7, 'CONTRIBUTOR', ?, '2024-02-01T00:00:00Z', '2024-02-01T00:00:00Z', ?, ?)
                    """,
                    [
                        .int(id), .int(number), .text(body), .text("c\(id)"),
                        .text(
                            GitHubItemFixture.comment(
                                id: id, repository: repository, issueNumber: number, body: body, author: (7, "hubot"))),
                    ])
            }
        }
    }

    /// What `issues`, `issue`, `repos` and the count check answer, and what hangs on the issues.
    struct Answers: Equatable {
        var searches: [[String]] = []
        var listing: [StoredIssue] = []
        var threads: [[StoredComment]] = []
        var summaries: [RepositorySummary] = []
        var commentCounts: [String] = []
        var children: [String] = []

        static let searchWords = ["crash", "cafe", "workaround", "telemetry workaround", "ground station", "nozzle"]

        init(_ database: Database) throws {
            let archive = IssueArchive(database: database)
            for words in Self.searchWords {
                var filter = IssueFilter()
                filter.state = .all
                filter.limit = 100
                filter.search = words
                searches.append(
                    try archive.issues(repository: GitHubRawJSONCompressionTests.repository, filter: filter).map {
                        "#\($0.number) \($0.matched.names)"
                    })
            }
            var all = IssueFilter()
            all.state = .all
            all.limit = 100
            listing = try archive.issues(repository: GitHubRawJSONCompressionTests.repository, filter: all)
            threads = try [1, 4, 30].map {
                try archive.thread(repository: GitHubRawJSONCompressionTests.repository, number: $0)
            }
            summaries = try archive.repositorySummaries()
            commentCounts = try database.query(
                "SELECT issue_id || ' ' || number || ' ' || server_count || ' ' || stored_count FROM github_issue_comment_count ORDER BY issue_id"
            ) { $0.text(0) }
            children = try database.query(
                """
                SELECT 'label ' || issue_id || ' ' || label_id FROM github_issue_label
                UNION ALL SELECT 'assignee ' || issue_id || ' ' || user_id FROM github_issue_assignee
                UNION ALL SELECT 'milestone ' || id || ' ' || repository_id FROM github_milestone
                UNION ALL SELECT 'state ' || repository_id || ' ' || high_water_mark FROM github_sync_state
                UNION ALL SELECT 'run ' || id || ' ' || repository_id FROM sync_run
                ORDER BY 1
                """
            ) { $0.text(0) }
        }
    }

    /// Every item's JSON by table and id, as the file held it before (TEXT, read by SQL).
    static func itemsBefore(_ database: Database) throws -> [String: [Int: [UInt8]]] {
        var items: [String: [Int: [UInt8]]] = [:]
        for table in IssueArchive.RawJSONTable.allCases {
            items[table.rawValue] = Dictionary(
                uniqueKeysWithValues: try database.query("SELECT id, raw_json FROM \(table.rawValue)") {
                    ($0.int(0), Array($0.text(1).utf8))
                })
        }
        return items
    }

    /// How much the migrations from 0017 on add to an empty database's file.
    static func schemaGrowthSince0017(in directory: TemporaryDirectory) throws -> Int {
        let all = try Migrator.embedded().migrations
        let compressing = try #require(all.firstIndex { $0.name.hasSuffix("_compress_github_raw_json") })
        var sizes: [Int] = []
        for (name, migrations) in [("schema-0016", Array(all[..<compressing])), ("schema-latest", all)] {
            let path = directory.file("\(name).sqlite")
            let database = try Database(path: path)
            try Migrator(migrations: migrations).migrate(database)
            database.close()
            sizes.append(FileSystem.size(path))
        }
        return sizes[1] - sizes[0]
    }

    /// A database at 0016, filled, its answers and items before 0017; closed.
    static func databaseBefore0017(in directory: TemporaryDirectory) throws -> (
        path: String, answers: Answers, items: [String: [Int: [UInt8]]], size: Int
    ) {
        let path = directory.file("before-0017.sqlite")
        let old = try Database(path: path)
        let all = try Migrator.embedded().migrations
        let compressing = try #require(all.firstIndex { $0.name.hasSuffix("_compress_github_raw_json") })
        try Migrator(migrations: Array(all[..<compressing])).migrate(old)
        try fill(old)
        // Today's reads order labels and assignees by 0035's columns: read with them added (all
        // NULL, as 0035 leaves them), then taken away again.
        try old.execute(
            """
            SAVEPOINT answers;
            ALTER TABLE github_issue_label ADD COLUMN position INTEGER;
            ALTER TABLE github_issue_assignee ADD COLUMN position INTEGER;
            """)
        let answers = try Answers(old)
        try old.execute("ROLLBACK TO answers; RELEASE answers")
        let items = try itemsBefore(old)
        old.close()
        return (path, answers, items, FileSystem.size(path))
    }

    func stored(_ database: Database) throws -> [String] {
        try IssueArchive.RawJSONTable.allCases.flatMap { table in
            try database.query(
                "SELECT id, raw_json_encoding, raw_json_size, hex(raw_json) FROM \(table.rawValue) ORDER BY id"
            ) { "\(table) \($0.int(0)) \($0.text(1)) \($0.int(2)) \($0.text(3))" }
        }
    }

    @Test("every row, child, search and count kept; every item decodes byte for byte, compressed; the file shrinks")
    func compressesInPlace() throws {
        let directory = try TemporaryDirectory()
        let before = try Self.databaseBefore0017(in: directory)
        #expect(before.items["github_issue"]?.count == Self.issueCount)
        #expect(before.items["github_issue"]?.values.allSatisfy { $0.count > 18_000 } == true, "bodies large enough")

        let database = try LocalStore.openForWriting(path: before.path)
        let archive = IssueArchive(database: database)
        for table in IssueArchive.RawJSONTable.allCases {
            let items = try #require(before.items[table.rawValue])
            let kept = try database.query("SELECT id FROM \(table.rawValue)") { $0.int(0) }
            #expect(Set(kept) == Set(items.keys), "\(table): every row kept, under its id")
            for (id, json) in items {
                #expect(try archive.rawJSON(table, id: id) == json, "\(table) \(id) decodes as received")
            }
        }
        let encodings = try database.query(
            """
            SELECT raw_json_encoding, count(*) FROM (
                SELECT raw_json_encoding FROM github_repository WHERE id = 1
                UNION ALL SELECT raw_json_encoding FROM github_issue UNION ALL SELECT raw_json_encoding FROM github_comment)
            GROUP BY 1
            """
        ) { "\($0.text(0)) \($0.int(1))" }
        #expect(encodings == ["zlib \(1 + Self.issueCount * (1 + Self.commentsPerIssue))"])
        #expect(
            try database.queryFirst("SELECT raw_json_encoding FROM github_repository WHERE id = 2") { $0.text(0) }
                == "identity", "'{}' does not shrink: kept as it is")
        #expect(try Answers(database) == before.answers)
        #expect(try database.query("PRAGMA foreign_key_check") { $0.text(0) }.isEmpty)
        // The full-text indexes were kept, not rebuilt: they still agree with their tables.
        try database.run("INSERT INTO github_issue_fts (github_issue_fts, rank) VALUES ('integrity-check', 1)")
        try database.run("INSERT INTO github_comment_fts (github_comment_fts, rank) VALUES ('integrity-check', 1)")
        #expect(try database.query("SELECT count(*) FROM body_compression_pending") { $0.int(0) } == [0])
        let compressed = try stored(database)
        database.close()

        // The items were about 40 % of the file (the issues' and comments' text, and their
        // full-text index, are the rest): most of what they took is given back.
        // Later migrations' tables take pages of their own, empty or not: what they add to an
        // empty database is added back.
        let itemBytes = before.items.values.flatMap(\.values).reduce(0) { $0 + $1.count }
        let size = FileSystem.size(before.path)
        let growth = try Self.schemaGrowthSince0017(in: directory)
        #expect(
            before.size + growth - size > itemBytes * 6 / 10,
            "\(before.size) → \(size) bytes (\(growth) of later schema), items \(itemBytes)")

        // Done once: the next open finds nothing to do and changes nothing.
        let again = try LocalStore.openForWriting(path: before.path)
        #expect(try stored(again) == compressed)
        #expect(try Answers(again) == before.answers)
        again.close()
        #expect(FileSystem.size(before.path) == size)
    }

    @Test("the issues and comments triggers work on the rebuilt tables: an edit and a delete reach the index")
    func triggersRecreated() throws {
        let directory = try TemporaryDirectory()
        let before = try Self.databaseBefore0017(in: directory)
        let database = try LocalStore.openForWriting(path: before.path)
        let archive = IssueArchive(database: database)
        var filter = IssueFilter()
        filter.state = .all
        filter.search = "zeppelin"
        #expect(try archive.issues(repository: Self.repository, filter: filter).isEmpty)
        try database.run("UPDATE github_issue SET title = 'Zeppelin mode' WHERE number = 2")
        try database.run(
            "UPDATE github_comment SET body = 'zeppelin too' WHERE id = ?", [.int(Self.commentID(issue: 5, 1))])
        #expect(
            try archive.issues(repository: Self.repository, filter: filter).map { "#\($0.number) \($0.matched.names)" }
                == ["#5 [\"comments\"]", "#2 [\"title\"]"])
        try database.run("DELETE FROM github_issue WHERE number = 2")
        #expect(
            try database.query("SELECT count(*) FROM github_issue_label WHERE issue_id = ?", [.int(Self.issueID(2))]) {
                $0.int(0)
            } == [0], "its labels went with it")
        try database.run("INSERT INTO github_issue_fts (github_issue_fts, rank) VALUES ('integrity-check', 1)")
        #expect(try archive.issues(repository: Self.repository, filter: filter).map(\.number) == [5])
        database.close()
    }

    @Test("an item stored compressed and received again unchanged is not written again")
    func unchangedItemsCompareCompressed() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("fresh.sqlite"))
        let archive = IssueArchive(database: database)
        try archive.saveRepository(
            GitHubRepository(
                id: 1, fullName: Self.repository, description: nil, defaultBranch: "main", openIssuesCount: 1,
                htmlURL: nil,
                rawJSON: .compressing(Array(GitHubItemFixture.repository(id: 1, fullName: Self.repository).utf8))),
            etag: nil)
        func issue(body: String) -> GitHubIssue {
            let json = GitHubItemFixture.issue(
                id: Self.issueID(1), repository: Self.repository, number: 1, title: "Crash", body: body,
                author: (5, "octocat"), comments: 0)
            return GitHubIssue(
                id: Self.issueID(1), number: 1, title: "Crash", body: body, state: "open", stateReason: nil,
                locked: false, comments: 0, author: nil, authorAssociation: nil, labels: [], assignees: [],
                milestone: nil, isPullRequest: false, draft: nil, mergedAt: nil, createdAt: "2024-01-01T00:00:00Z",
                updatedAt: "2024-02-01T00:00:00Z", closedAt: nil, htmlURL: "h1",
                rawJSON: .compressing(Array(json.utf8)))
        }
        let original = issue(body: GitHubItemFixture.prose(seed: 1, bytes: 18_000))
        #expect(original.rawJSON.encoding == .zlib)
        #expect(try archive.saveIssuePage(repositoryID: 1, issues: [original], firstPage: nil) == 1)
        // Compressed again from the same bytes, as the next sync does: the same blob.
        let again = issue(body: GitHubItemFixture.prose(seed: 1, bytes: 18_000))
        #expect(try archive.saveIssuePage(repositoryID: 1, issues: [again], firstPage: nil) == 0)
        let edited = issue(body: GitHubItemFixture.prose(seed: 2, bytes: 18_000))
        #expect(try archive.saveIssuePage(repositoryID: 1, issues: [edited], firstPage: nil) == 1)
        #expect(try archive.rawJSON(.issue, id: Self.issueID(1)) == (try edited.rawJSON.decoded()))
        #expect(try archive.rawJSON(.comment, id: Self.issueID(1)) == nil)
        database.close()
    }
}
