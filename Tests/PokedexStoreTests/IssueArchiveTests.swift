import SQLiteDatabase
import TestSupport
import Testing

@testable import IssueStore
@testable import LocalDatabase
@testable import PokedexStore

@Suite("Issue archive queries")
struct IssueArchiveTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("issues.sqlite"))
    }

    static func filter(
        state: IssueFilter.State, kinds: IssueFilter.Kinds, search: String? = nil,
        author: String? = nil, labels: [String] = []
    ) -> IssueFilter {
        var filter = IssueFilter()
        filter.state = state
        filter.kinds = kinds
        filter.search = search
        filter.author = author
        filter.labels = labels
        return filter
    }

    @Test(
        "every filter combination walks the newest-first index and never sorts the repository",
        arguments: [
            filter(state: .open, kinds: .issues), filter(state: .all, kinds: .issues),
            filter(state: .closed, kinds: .pullRequests), filter(state: .all, kinds: .all),
            filter(state: .open, kinds: .issues, search: "crash"), filter(state: .all, kinds: .all, search: "crash"),
            filter(state: .all, kinds: .issues, author: "octocat"), filter(state: .open, kinds: .all, labels: ["bug"]),
        ])
    func pagePlans(filter: IssueFilter) throws {
        let page = IssueArchive.pageQuery(repositoryID: 1, filter: filter)
        let plan = try database.query("EXPLAIN QUERY PLAN " + page.sql, page.parameters) { $0.text(3) }
        #expect(plan.contains { $0.hasPrefix("SEARCH i USING") && $0.contains("INDEX github_issue_newest") }, "\(plan)")
        #expect(
            !plan.contains { $0.contains("TEMP B-TREE FOR ORDER BY") || $0.contains("TEMP B-TREE FOR RIGHT PART") },
            "\(plan)")
        // A search reaches the comments from their full-text matches, never by reading every
        // comment of the repository.
        #expect(!plan.contains { $0.contains("github_comment_by_issue") }, "\(plan)")
        if filter.search != nil {
            #expect(plan.contains { $0.hasPrefix("SEARCH c USING INTEGER PRIMARY KEY") }, "\(plan)")
        }
    }
}
