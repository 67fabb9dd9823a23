import BodyCoding
import SQLiteDatabase
import TestSupport
import Testing

@testable import IssueStore
@testable import LocalDatabase
@testable import PokedexStore

@Suite("Issue archive: comments")
struct IssueArchiveCommentTests {
    let directory: TemporaryDirectory
    let archive: IssueArchive
    static let repositoryID = 42

    init() throws {
        directory = try TemporaryDirectory()
        archive = IssueArchive(database: try LocalStore.openForWriting(path: directory.file("comments.sqlite")))
        try archive.saveRepository(
            GitHubRepository(
                id: Self.repositoryID, fullName: "acme/rocket", description: nil, defaultBranch: "main",
                openIssuesCount: 1, htmlURL: nil, rawJSON: .compressing(Array("{}".utf8))),
            etag: nil)
    }

    static func issue(_ number: Int, comments: Int, title: String = "Crash on launch") -> GitHubIssue {
        GitHubIssue(
            id: 1_000 + number, number: number, title: title, body: "Steps to reproduce", state: "open",
            stateReason: nil, locked: false, comments: comments, author: nil, authorAssociation: nil, labels: [],
            assignees: [], milestone: nil, isPullRequest: false, draft: nil, mergedAt: nil,
            createdAt: "2024-01-0\(number)T00:00:00Z", updatedAt: "2024-02-01T00:00:00Z", closedAt: nil,
            htmlURL: "h\(number)",
            rawJSON: .compressing(Array("{\"n\":\(number),\"c\":\(comments),\"t\":\"\(title)\"}".utf8)))
    }

    static func comment(_ id: Int, issue: Int, body: String, updated: String = "2024-03-01T00:00:00Z") -> GitHubComment
    {
        GitHubComment(
            id: id, issueNumber: issue,
            author: id.isMultiple(of: 2) ? nil : GitHubUser(id: 9, login: "hubot", type: "User"),
            authorAssociation: "MEMBER", body: body, createdAt: "2024-02-0\(id % 9 + 1)T00:00:00Z", updatedAt: updated,
            htmlURL: "c\(id)", rawJSON: .compressing(Array("{\"id\":\(id),\"b\":\"\(body)\"}".utf8)))
    }

    @Test("a comment whose issue is not stored yet is kept; the issue arriving later finds its thread")
    func commentBeforeItsIssue() throws {
        let changed = try archive.saveCommentPage(
            repositoryID: Self.repositoryID, comments: [Self.comment(1, issue: 7, body: "first!")], firstPage: nil)
        #expect(changed == 1)
        #expect(try archive.thread(repository: "acme/rocket", number: 7).map(\.id) == [1])
        try archive.saveIssuePage(repositoryID: Self.repositoryID, issues: [Self.issue(7, comments: 1)], firstPage: nil)
        #expect(
            try archive.threadsToReread(repositoryID: Self.repositoryID, received: [1_007]).isEmpty,
            "its one comment is stored")
        #expect(try archive.commentStreamState(repositoryID: Self.repositoryID).highWaterMark == "2024-03-01T00:00:00Z")
    }

    @Test("the same comment again changes nothing; an edit updates it in place")
    func editsInPlace() throws {
        let original = Self.comment(3, issue: 1, body: "typo")
        try archive.saveCommentPage(repositoryID: Self.repositoryID, comments: [original], firstPage: nil)
        #expect(try archive.saveCommentPage(repositoryID: Self.repositoryID, comments: [original], firstPage: nil) == 0)
        let edited = Self.comment(3, issue: 1, body: "fixed", updated: "2024-04-01T00:00:00Z")
        #expect(try archive.saveCommentPage(repositoryID: Self.repositoryID, comments: [edited], firstPage: nil) == 1)
        let thread = try archive.thread(repository: "acme/rocket", number: 1)
        #expect(thread.map(\.body) == ["fixed"] && thread.map(\.author) == ["hubot"])
    }

    @Test("counts that differ are found; a thread re-read makes the stored set the server's")
    func countsAndReplacement() throws {
        try archive.saveIssuePage(
            repositoryID: Self.repositoryID, issues: [Self.issue(1, comments: 2), Self.issue(2, comments: 1)],
            firstPage: nil)
        try archive.saveCommentPage(
            repositoryID: Self.repositoryID,
            comments: [
                Self.comment(1, issue: 1, body: "a"), Self.comment(2, issue: 1, body: "b"),
                Self.comment(3, issue: 1, body: "c"), Self.comment(4, issue: 2, body: "d"),
            ],
            firstPage: nil)
        #expect(try archive.threadsToReread(repositoryID: Self.repositoryID, received: [1_001, 1_002]) == [1])
        let (changed, deleted) = try archive.replaceThread(
            repositoryID: Self.repositoryID, issueNumber: 1,
            comments: [Self.comment(1, issue: 1, body: "a"), Self.comment(3, issue: 1, body: "c")])
        #expect(changed == 0 && deleted == 1)
        #expect(try archive.thread(repository: "acme/rocket", number: 1).map(\.id) == [1, 3])
        #expect(try archive.threadsToReread(repositoryID: Self.repositoryID, received: []).isEmpty, "mark cleared")
        #expect(try archive.threadsToReread(repositoryID: Self.repositoryID, received: [1_001, 1_002]).isEmpty)
        #expect(try archive.removeComments(repositoryID: Self.repositoryID, keeping: [1, 3]) == 1, "#2's comment")
        #expect(try archive.removeIssues(repositoryID: Self.repositoryID, keeping: [1_001]) == 1)
    }

    @Test("a thread marked to re-read stays marked until re-read, its counts agree, or a reconcile")
    func rereadMarks() throws {
        try archive.saveIssuePage(
            repositoryID: Self.repositoryID,
            issues: [Self.issue(1, comments: 1), Self.issue(2, comments: 2), Self.issue(3, comments: 1)],
            firstPage: nil)
        try archive.saveCommentPage(
            repositoryID: Self.repositoryID, comments: [Self.comment(1, issue: 2, body: "a")], firstPage: nil)
        #expect(
            try archive.threadsToReread(repositoryID: Self.repositoryID, received: [1_001, 1_002, 1_003]) == [1, 2, 3])
        // Not received again: the marks alone bring the threads back.
        #expect(try archive.threadsToReread(repositoryID: Self.repositoryID, received: []) == [1, 2, 3])
        try archive.saveCommentPage(
            repositoryID: Self.repositoryID, comments: [Self.comment(2, issue: 1, body: "b")], firstPage: nil)
        try archive.dropRereadMark(repositoryID: Self.repositoryID, issueNumber: 3)
        #expect(try archive.threadsToReread(repositoryID: Self.repositoryID, received: []) == [2], "#1 agrees now")
        try archive.markReconciled(repositoryID: Self.repositoryID)
        #expect(try archive.threadsToReread(repositoryID: Self.repositoryID, received: []).isEmpty)
    }

    @Test(
        "search matches title, body or a comment and says which",
        arguments: [
            ("crash", [SearchMatch.title]), ("reproduce", [.body]), ("deadlock", [.comments]),
            ("crash deadlock", []), ("steps launch", [.title, .body]),
        ] as [(String, SearchMatch)])
    func searchMatches(text: String, matched: SearchMatch) throws {
        #expect(
            try matches(text, title: "Crash on launch", comment: "a deadlock here")
                == (matched.isEmpty ? [] : [matched]))
    }

    @Test(
        "a word of a script written without spaces is found anywhere in the text, and where it matched said",
        arguments: [
            ("表示", [SearchMatch.title]), ("名前", [.title]), ("大丈夫", [.comments]), ("crash 表示", [.title]),
            ("表示 reproduce", [.title, .body]), ("表示 大丈夫", []), ("ピカチュウ", []),
        ] as [(String, SearchMatch)])
    func searchesUnspacedScripts(text: String, matched: SearchMatch) throws {
        #expect(
            try matches(text, title: "Crash: 日本語の名前が表示されない", comment: "これで大丈夫です") == (matched.isEmpty ? [] : [matched]))
    }

    /// Where `--search text` matched each issue it found, of issue #1 (its body "Steps to
    /// reproduce") with `title` and one `comment`.
    func matches(_ text: String, title: String, comment: String) throws -> [SearchMatch] {
        try archive.saveIssuePage(
            repositoryID: Self.repositoryID, issues: [Self.issue(1, comments: 1, title: title)], firstPage: nil)
        try archive.saveCommentPage(
            repositoryID: Self.repositoryID, comments: [Self.comment(5, issue: 1, body: comment)], firstPage: nil)
        var filter = IssueFilter()
        filter.search = text
        return try archive.issues(repository: "acme/rocket", filter: filter).map(\.matched)
    }

    /// The issue numbers `--search text` finds.
    func found(_ text: String) throws -> [Int] {
        var filter = IssueFilter()
        filter.search = text
        return try archive.issues(repository: "acme/rocket", filter: filter).map(\.number)
    }

    @Test("the full-text indexes hold what is stored: rows new, edited, repeated within a page, re-read, removed")
    func textIndexesFollowTheRows() throws {
        let id = Self.repositoryID
        try archive.saveIssuePage(
            repositoryID: id,
            issues: [
                Self.issue(1, comments: 0, title: "alpha"), Self.issue(2, comments: 0, title: "bravo"),
                Self.issue(1, comments: 0, title: "charlie"),
            ], firstPage: nil)
        try archive.saveCommentPage(
            repositoryID: id,
            comments: [
                Self.comment(1, issue: 2, body: "delta"), Self.comment(1, issue: 2, body: "echo"),
                Self.comment(2, issue: 2, body: "foxtrot"),
            ], firstPage: nil)
        #expect(try found("alpha").isEmpty && found("charlie") == [1] && found("bravo") == [2])
        #expect(try found("delta").isEmpty && found("echo") == [2] && found("foxtrot") == [2])
        try archive.saveIssuePage(
            repositoryID: id, issues: [Self.issue(2, comments: 0, title: "golf"), Self.issue(3, comments: 0)],
            firstPage: nil)
        _ = try archive.replaceThread(
            repositoryID: id, issueNumber: 2, comments: [Self.comment(3, issue: 2, body: "hotel")])
        #expect(try found("bravo").isEmpty && found("golf") == [2] && found("crash") == [3])
        #expect(try found("echo").isEmpty && found("foxtrot").isEmpty && found("hotel") == [2])
        #expect(try archive.removeIssues(repositoryID: id, keeping: [1_001]) == 2)
        #expect(try found("golf").isEmpty && found("crash").isEmpty)
        // rank 1: every entry is checked against the rows of its content table.
        try archive.database.run("INSERT INTO github_issue_fts (github_issue_fts, rank) VALUES ('integrity-check', 1)")
        try archive.database.run(
            "INSERT INTO github_comment_fts (github_comment_fts, rank) VALUES ('integrity-check', 1)")
    }
}
