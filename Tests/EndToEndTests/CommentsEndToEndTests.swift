import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// Comments end to end: the real binaries against the GitHub look-alike's comment stream.
@Suite("issue comments: sync, refresh, deletions, threads and search end to end")
struct CommentsEndToEndTests {
    let directory: TemporaryDirectory
    let github: FakeGitHub
    let database: String
    static let repository = "acme/rocket"
    static let issueCount = 120

    init() throws {
        directory = try TemporaryDirectory()
        github = try FakeGitHub(repositories: [
            .generated(owner: "acme", name: "rocket", issueCount: Self.issueCount)
        ])
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: [String], environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database] + arguments,
            environment: ["GITHUB_API_URL": github.baseURL].merging(environment) { $1 })
    }

    func sync(_ extra: [String] = []) throws -> PokedexProcess.Result {
        try pokedex(["sync", "issues", Self.repository, "--max-wait", "5"] + extra)
    }

    func json(_ arguments: [String]) throws -> Any {
        let result = try pokedex(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Comment ids stored for each issue, as `issue --json` shows its thread.
    func thread(_ number: Int) throws -> [[String: Any]] {
        let issue = try #require(try json(["issue", "\(Self.repository)#\(number)"]) as? [String: Any])
        return try #require(issue["thread"] as? [[String: Any]])
    }

    func storedCommentIDs() throws -> Set<Int64> {
        var ids: Set<Int64> = []
        for number in Set(github.comments(of: Self.repository).map(\.issueNumber)).union(1...Self.issueCount) {
            for comment in try thread(number) { ids.insert(try #require((comment["id"] as? NSNumber)?.int64Value)) }
        }
        return ids
    }

    @Test("the first sync stores every comment from one repository-wide stream, never one request per issue")
    func firstSync() throws {
        let result = try sync()
        #expect(result.status == 0, "\(result.stderr)")
        let served = github.comments(of: Self.repository)
        #expect(served.count > 500, "the fixture has threads to sync: \(served.count)")
        let streamed = github.server.requests.filter { $0.path.hasSuffix("/issues/comments") }
        let first = try #require(streamed.first)
        #expect(first.path.hasPrefix("/repositories/"), "by id, like the issues: \(first.path)")
        #expect(first.query["sort"] == "updated" && first.query["direction"] == "asc")
        #expect(first.query["per_page"] == "100" && first.query["since"] == nil)
        #expect(streamed.filter { $0.query["page"] != nil }.count >= served.count / 100 - 1, "Link next followed")
        #expect(
            !github.server.requests.contains {
                $0.path.range(of: #"/issues/\d+/comments"#, options: .regularExpression) != nil
            })
        #expect(result.stderr.contains("comments, \(served.count) new or changed"), "\(result.stderr)")

        // Every thread as served, in order, with authors (a deleted account is null).
        let busiest = try #require(
            Dictionary(grouping: served, by: \.issueNumber).max { $0.value.count < $1.value.count })
        let stored = try thread(busiest.key)
        #expect(stored.map { ($0["id"] as? NSNumber)?.int64Value } == busiest.value.map(\.id))
        #expect(stored.map { $0["body"] as? String } == busiest.value.map(\.body))
        #expect(stored.map { $0["author"] as? String } == busiest.value.map { $0.author?.login })
        let repos = try #require(try json(["repos"]) as? [[String: Any]])
        #expect(repos.first?["comments"] as? Int == served.count)
    }

    @Test("a thread shows each comment with its author and time; a deleted account and escapes are shown harmlessly")
    func threadText() throws {
        #expect(try sync().status == 0)
        let served = github.comments(of: Self.repository)
        let ghost = try #require(served.first { $0.author == nil && !$0.body.isEmpty })
        let text = try pokedex(["issue", "\(Self.repository)#\(ghost.issueNumber)"])
        #expect(text.status == 0, "\(text.stderr)")
        let created = ISO8601DateFormatter().string(from: ghost.createdAt)
        #expect(text.stdout.contains("--- (deleted account) commented at \(created)"), "\(text.stdout)")
        let escaped = try #require(served.first { $0.body.contains("\u{1B}[2J") })
        let withEscape = try pokedex(["issue", "\(Self.repository)#\(escaped.issueNumber)"])
        #expect(!withEscape.stdout.contains("\u{1B}") && withEscape.stdout.contains("^[[2J"), "escapes made visible")
        let json = try pokedex(["issue", "\(Self.repository)#\(escaped.issueNumber)", "--json"])
        #expect(json.stdout.contains(#"\u001b[2J"#), "JSON keeps them, escaped")
        let keys = try #require(try thread(escaped.issueNumber).first).keys.sorted()
        #expect(keys == ["author", "author_association", "body", "created_at", "html_url", "id", "updated_at"])
    }

    @Test("--search matches comment text too and says where each issue matched")
    func search() throws {
        #expect(try sync().status == 0)
        let reply = try #require(github.comments(of: Self.repository).first { $0.body.hasPrefix("Comment ") })
        let found = try #require(
            try json([
                "issues", Self.repository, "--all-kinds", "--state", "all", "--search", "bisected retry", "--limit",
                "1000",
            ]) as? [[String: Any]])
        let numbers = Set(found.compactMap { $0["number"] as? Int })
        #expect(numbers.contains(reply.issueNumber), "found by a word said in a reply")
        #expect(found.allSatisfy { ($0["matched"] as? [String])?.contains("comments") == true })
        let byTitle = try #require(
            try json([
                "issues", Self.repository, "--all-kinds", "--state", "all", "--search", "Windows", "--limit", "1000",
            ]) as? [[String: Any]])
        #expect(!byTitle.isEmpty && byTitle.allSatisfy { $0["matched"] as? [String] == ["title"] })
        let text = try pokedex(["issues", Self.repository, "--all-kinds", "--state", "all", "--search", "bisected"])
        #expect(text.stdout.split(separator: "\n").first?.contains("MATCHED") == true, "\(text.stdout)")
        let plain = try #require(try json(["issues", Self.repository]) as? [[String: Any]])
        #expect(plain.allSatisfy { $0["matched"] is NSNull }, "no search, no matched")
    }

    @Test("edited and new comments upstream: the refresh re-fetches exactly those, in place")
    func editsAndAdditions() throws {
        #expect(try sync().status == 0)
        let served = github.comments(of: Self.repository)
        let edited = [served[3].id, served[served.count / 2].id]
        github.editComments(Self.repository, ids: edited)
        let added = github.addComments(Self.repository, numbers: [5, 5, 77])
        github.server.resetLog()
        let refresh = try sync()
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stderr.contains("comments, 5 new or changed"), "2 edited, 3 added: \(refresh.stderr)")
        #expect(refresh.stderr.contains("issues and pull requests, 2 new or changed"), "#5 and #77 bumped")
        #expect(
            !github.server.requests.contains {
                $0.path.range(of: #"/issues/\d+/comments"#, options: .regularExpression) != nil
            }, "counts agree: no thread re-read")
        let stream = github.server.requests.filter { $0.path.hasSuffix("/issues/comments") }
        #expect(stream.allSatisfy { $0.query["since"] != nil }, "only what changed since the high-water mark")
        let ids = try storedCommentIDs()
        #expect(ids == Set(github.comments(of: Self.repository).map(\.id)), "in place: no duplicates, none lost")
        #expect(Set(added).isSubset(of: ids))
        let thread = try thread(try #require(served.first { $0.id == edited[0] }).issueNumber)
        #expect(
            (thread.first { ($0["id"] as? NSNumber)?.int64Value == edited[0] }?["body"] as? String)?.hasSuffix(
                " [edited]") == true)
    }

    @Test("deleted comments go when their issue's count changes, or with --full; between, they stay")
    func deletions() throws {
        #expect(try sync().status == 0)
        let served = github.comments(of: Self.repository)
        let numbers = Array(Set(served.map(\.issueNumber)).sorted().prefix(3))
        let bumped = try #require(served.first { $0.issueNumber == numbers[0] })
        let quiet = try #require(served.first { $0.issueNumber == numbers[1] })
        github.deleteComments(Self.repository, ids: [bumped.id], bumpingIssues: true)
        github.deleteComments(Self.repository, ids: [quiet.id], bumpingIssues: false)
        github.server.resetLog()
        let refresh = try sync()
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let reread = github.server.requests.filter { $0.path.hasSuffix("/issues/\(numbers[0])/comments") }
        #expect(reread.count == 1, "the bumped issue's count differs: its thread is re-read once")
        #expect(
            github.server.requests.filter {
                $0.path.range(of: #"/issues/\d+/comments"#, options: .regularExpression) != nil
            }.count == 1)
        #expect(refresh.stderr.contains("1 thread re-read, 1 comment deleted"), "\(refresh.stderr)")
        var ids = try storedCommentIDs()
        #expect(!ids.contains(bumped.id))
        #expect(ids.contains(quiet.id), "a deletion that leaves its issue untouched is not seen yet (README)")

        let full = try sync(["--full"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stderr.contains("reconciled in full, 1 comment deleted"), "\(full.stderr)")
        ids = try storedCommentIDs()
        #expect(ids == Set(github.comments(of: Self.repository).map(\.id)))
        let repos = try #require(try json(["repos"]) as? [[String: Any]])
        #expect(repos.first?["reconciled_at"] is String)
    }

    /// After a first sync, deletes one comment upstream (its issue's count changing) and has
    /// the requests whose path ends in `failing(number)` answer `status` with `body`; returns
    /// the issue and its thread's size before.
    func deleteComment(
        answering status: Int, _ body: String, at failing: @escaping @Sendable (Int) -> String
    ) throws -> (number: Int, before: Int) {
        #expect(try sync().status == 0)
        let served = github.comments(of: Self.repository)
        let number = try #require(served.map(\.issueNumber).first)
        let before = try thread(number).count
        let deleted = try #require(served.first { $0.issueNumber == number })
        github.deleteComments(Self.repository, ids: [deleted.id], bumpingIssues: true)
        github.override = { request in
            request.path.hasSuffix(failing(number)) ? .text(body, status: status) : nil
        }
        return (number, before)
    }

    static let thread: @Sendable (Int) -> String = { "/issues/\($0)/comments" }
    static let serverError = #"{"message":"Server Error"}"#

    /// How many times the last syncs listed issue `number`'s thread.
    func threadReads(_ number: Int) -> Int {
        github.server.requests.filter { $0.path.hasSuffix(Self.thread(number)) }.count
    }

    @Test("a thread answering 404 when re-read keeps its comments, as its issue is kept, until a reconcile")
    func threadNotFound() throws {
        let (number, before) = try deleteComment(
            answering: 404, #"{"message":"Not Found","status":"404"}"#, at: Self.thread)
        let refresh = try sync()
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(try thread(number).count == before, "nothing stored is lost on a 404")
        github.server.resetLog()
        #expect(try sync().status == 0)
        #expect(threadReads(number) == 0, "not asked for again before the reconcile")
        github.override = nil
        #expect(try sync(["--full"]).status == 0)
        #expect(try thread(number).count == before - 1)
    }

    @Test(
        "a thread whose re-read failed, or never came, is re-read by the next sync, its issue not listed again",
        arguments: [false, true])
    func failedRereadRetried(streamFails: Bool) throws {
        // The stream failing stops the sync before any thread is re-read.
        let stream: @Sendable (Int) -> String = { _ in "/issues/comments" }
        let (number, before) = try deleteComment(
            answering: 500, Self.serverError, at: streamFails ? stream : Self.thread)
        let failed = try sync(["--retries", "0"])
        #expect(failed.status == 69, "\(failed.stderr)")
        #expect(try thread(number).count == before)
        github.override = nil
        github.server.resetLog()
        let next = try sync()
        #expect(next.status == 0, "\(next.stderr)")
        #expect(threadReads(number) == 1)
        #expect(try thread(number).count == before - 1)
        github.server.resetLog()
        #expect(try sync().status == 0)
        #expect(threadReads(number) == 0, "read once it is in step")
    }

    @Test("a thread refused when re-read (not a list of comments) fails that sync only, not every one after")
    func refusedRereadGivenUp() throws {
        let (number, before) = try deleteComment(answering: 200, #"{"not":"a list"}"#, at: Self.thread)
        let refused = try sync()
        #expect(refused.status == 65, "\(refused.stderr)")
        github.server.resetLog()
        let next = try sync()
        #expect(next.status == 0, "\(next.stderr)")
        #expect(threadReads(number) == 0, "left to the reconcile")
        #expect(try thread(number).count == before)
    }

    @Test("--full removes issues that vanished upstream (deleted or transferred) with their comments")
    func vanishedIssues() throws {
        #expect(try sync().status == 0)
        let gone = try #require(github.comments(of: Self.repository).first?.issueNumber)
        github.update(Self.repository) { repository in
            repository.issues.removeAll { $0.number == gone }
            repository.comments.removeAll { $0.issueNumber == gone }
        }
        #expect(try sync().status == 0)
        #expect(try pokedex(["issue", "\(Self.repository)#\(gone)"]).status == 0, "an ordinary refresh cannot tell")
        let full = try sync(["--full"])
        #expect(full.stderr.contains("1 issue gone"), "\(full.stderr)")
        #expect(try pokedex(["issue", "\(Self.repository)#\(gone)"]).status == 66)
    }

    @Test("a reconcile runs by itself when the last one is older than --reconcile-every")
    func automaticReconcile() throws {
        #expect(try sync().status == 0)
        let quiet = try #require(github.comments(of: Self.repository).first)
        github.deleteComments(Self.repository, ids: [quiet.id], bumpingIssues: false)
        let fresh = try sync(["--reconcile-every", "1w"])
        #expect(!fresh.stderr.contains("reconciled"), "reconciled just now: \(fresh.stderr)")
        // Stored to the second: two seconds later the reconcile is surely older than one.
        Thread.sleep(forTimeInterval: 2.1)
        let due = try sync(["--reconcile-every", "1s"])
        #expect(due.stderr.contains("reconciled in full, 1 comment deleted"), "\(due.stderr)")
    }

    @Test("a refresh with nothing changed costs at most three requests, every one a 304")
    func noChangeRefresh() throws {
        #expect(try sync().status == 0)
        github.resetCounters()
        let again = try sync()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(github.requestCount <= 3 && github.notModifiedCount == github.requestCount)
    }

    @Test("a comment stream whose Link points at another host is refused, and the token never goes there")
    func foreignLink() throws {
        let elsewhere = try FakeGitHub(repositories: [])
        github.override = { [github] request in
            guard request.path.hasSuffix("/issues/comments") else { return nil }
            var answer = github.realAnswer(to: request)
            answer.headers.removeAll { $0.0 == "Link" }
            answer.headers.append(
                ("Link", "<\(elsewhere.baseURL)/repositories/1/issues/comments?page=2>; rel=\"next\""))
            return answer
        }
        let result = try pokedex(["sync", "issues", Self.repository], environment: ["GITHUB_TOKEN": "t0ken-secret"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("not on the API's origin"), "\(result.stderr)")
        #expect(elsewhere.server.requests.isEmpty, "nothing was sent off the API's origin")
        #expect(github.server.requests.allSatisfy { $0.header("Authorization") == "Bearer t0ken-secret" })
        #expect(!result.stderr.contains("t0ken-secret"))
    }
}
