import BodyCoding
import SQLiteDatabase
import TestSupport
import Testing

@testable import IssueStore
@testable import LocalDatabase

/// An issue's labels and assignees come back in the order GitHub sent them (its first assignee
/// is its `assignee`), not by name; issues stored before migration 0035 get theirs from their
/// stored items.
@Suite("Issue labels and assignees in GitHub's order")
struct IssueLinkOrderTests {
    static let labels = [(2, "zeta"), (1, "Alpha"), (3, "bug")]
    static let assignees = [(9, "zed"), (8, "amy")]

    /// The item's JSON: the arrays in that order, as GitHub sends them.
    static let item = """
        {"id":1001,"number":1,"labels":[\(labels.map { #"{"id":\#($0.0),"name":"\#($0.1)"}"# }.joined(separator: ","))],\
        "assignee":{"id":9,"login":"zed"},\
        "assignees":[\(assignees.map { #"{"id":\#($0.0),"login":"\#($0.1)"}"# }.joined(separator: ","))]}
        """

    static func listed(_ database: Database) throws -> (labels: [String], assignees: [String]) {
        var filter = IssueFilter()
        filter.state = .all
        let issue = try #require(
            try IssueArchive(database: database).issues(repository: "acme/rocket", filter: filter).first)
        return (issue.labels, issue.assignees)
    }

    @Test("an issue saved now lists its labels and assignees as the item did")
    func savedInOrder() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("order.sqlite"))
        defer { database.close() }
        let archive = IssueArchive(database: database)
        try archive.saveRepository(
            GitHubRepository(
                id: 42, fullName: "acme/rocket", description: nil, defaultBranch: "main", openIssuesCount: 1,
                htmlURL: nil, rawJSON: .compressing(Array("{}".utf8))),
            etag: nil)
        let issue = GitHubIssue(
            id: 1001, number: 1, title: "Crash", body: nil, state: "open", stateReason: nil, locked: false, comments: 0,
            author: nil, authorAssociation: nil,
            labels: Self.labels.map { GitHubLabel(id: $0.0, name: $0.1, color: nil, description: nil) },
            assignees: Self.assignees.map { GitHubUser(id: $0.0, login: $0.1, type: "User") }, milestone: nil,
            isPullRequest: false, draft: nil, mergedAt: nil, createdAt: "2024-01-01T00:00:00Z",
            updatedAt: "2024-01-01T00:00:00Z", closedAt: nil, htmlURL: "h1",
            rawJSON: .compressing(Array(Self.item.utf8)))
        try archive.saveIssuePage(repositoryID: 42, issues: [issue], firstPage: nil)
        let listed = try Self.listed(database)
        #expect(listed.labels == ["zeta", "Alpha", "bug"])
        #expect(listed.assignees == ["zed", "amy"])
    }

    @Test("an issue stored before 0035 sorts by name until a sync's upkeep reads the order from its item")
    func orderedFromStoredItem() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("before-0035.sqlite")
        let old = try Database(path: path)
        let all = try Migrator.embedded().migrations
        let ordering = try #require(all.firstIndex { $0.name.hasSuffix("_keep_label_and_assignee_order") })
        try Migrator(migrations: Array(all[..<ordering])).migrate(old)
        try old.run(
            "INSERT INTO github_repository (id, full_name, fetched_at, \(RawBody.gitHub.columns)) VALUES (42, 'acme/rocket', 't', ?, ?, ?)",
            RawBody.values(.compressing(Array("{}".utf8))))
        try old.run(
            """
            INSERT INTO github_issue (id, repository_id, number, title, state, locked, comments, is_pull_request,
                created_at, updated_at, html_url, \(RawBody.gitHub.columns))
            VALUES (1001, 42, 1, 'Crash', 'open', 0, 0, 0, 't', 't', 'h1', ?, ?, ?)
            """, RawBody.values(.compressing(Array(Self.item.utf8))))
        for (id, name) in Self.labels {
            try old.run(
                "INSERT INTO github_label (id, repository_id, name) VALUES (?, 42, ?)", [.int(id), .text(name)])
            try old.run("INSERT INTO github_issue_label (issue_id, label_id) VALUES (1001, ?)", [.int(id)])
        }
        for (id, login) in Self.assignees {
            try old.run("INSERT INTO github_user (id, login) VALUES (?, ?)", [.int(id), .text(login)])
            try old.run("INSERT INTO github_issue_assignee (issue_id, user_id) VALUES (1001, ?)", [.int(id)])
        }
        old.close()

        let database = try LocalStore.openForWriting(path: path)
        defer { database.close() }
        let before = try Self.listed(database)
        #expect(before.labels == ["Alpha", "bug", "zeta"] && before.assignees == ["amy", "zed"], "by name, as before")
        try IssueArchive(database: database).orderLinksFromStoredItems()
        let after = try Self.listed(database)
        #expect(after.labels == ["zeta", "Alpha", "bug"])
        #expect(after.assignees == ["zed", "amy"])
        #expect(try database.queryFirst("SELECT count(*) FROM github_issue_link_order_pending") { $0.int(0) } == 0)
    }
}
