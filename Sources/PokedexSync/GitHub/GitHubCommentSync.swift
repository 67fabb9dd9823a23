import HTTPTypes
import IssueStore
import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Comments: one repository-wide stream read incrementally like the issues, then the
/// deletions GitHub's lists never show, found by comment counts or by a full reconcile.
extension GitHubSync {
    /// Reads the comment stream from its high-water mark, then either reconciles the whole
    /// repository (`--full`, or the last reconcile is older than the option allows) or
    /// re-lists the threads of the issues received whose comment count differs from the
    /// comments stored, with those an earlier sync failed to re-list.
    func syncComments(
        repositoryID: Int, issuesReceived: Set<Int>, report: inout GitHubSyncReport,
        progress: @Sendable (GitHubSyncReport) -> Void
    ) async throws {
        let reading = commentReading(repositoryID: repositoryID, report: report) { comments, firstPage in
            try archive.saveCommentPage(repositoryID: repositoryID, comments: comments, firstPage: firstPage)
        }
        for _ in 0..<Self.maximumWalks {
            let start = try archive.commentStreamState(repositoryID: repositoryID).highWaterMark
            let first = GitHubEndpoint.comments(repositoryID: repositoryID, since: start, perPage: options.perPage)
            let etag = try archive.commentsETag(repositoryID: repositoryID, url: try requester.url(of: first))
            _ = try await walk(from: first, etag: etag, reading: reading, report: &report) { page, report in
                report.tallyComments(page)
                progress(report)
            }
            if try archive.commentStreamState(repositoryID: repositoryID).highWaterMark == start { break }
        }
        let state = try archive.commentStreamState(repositoryID: repositoryID)
        let due = try options.reconcileAfterSeconds.map {
            try archive.reconcileIsDue(repositoryID: repositoryID, afterSeconds: $0)
        }
        if options.fullReconcile || due == true {
            try await reconcile(repositoryID: repositoryID, report: &report, progress: progress)
        } else {
            for number in try archive.threadsToReread(repositoryID: repositoryID, received: issuesReceived) {
                try await rereadThread(repositoryID: repositoryID, number: number, report: &report)
                progress(report)
            }
            // A first sync has just read everything: the reconcile clock starts now.
            if state.reconciledAt == nil { try archive.markReconciled(repositoryID: repositoryID) }
        }
    }

    /// Lists issue `number`'s comments whole and makes the stored thread equal to them. A
    /// thread the server does not find (404: the issue deleted or transferred since it was
    /// listed, or a server's mistake) is kept as last seen, as its issue is, until a reconcile,
    /// and not asked for again meanwhile; so is one refused (an answer not of a thread's shape).
    private func rereadThread(repositoryID: Int, number: Int, report: inout GitHubSyncReport) async throws {
        let collected = Collected<GitHubComment>()
        let reading = commentReading(repositoryID: repositoryID, report: report) { comments, _ in
            collected.append(comments)
            return 0
        }
        do {
            _ = try await walk(
                from: .issueComments(repositoryID: repositoryID, number: number, perPage: options.perPage), etag: nil,
                reading: reading, report: &report
            ) { page, report in report.commentsReceived += page.received }
        } catch GitHubSyncError.notFound {
            try archive.dropRereadMark(repositoryID: repositoryID, issueNumber: number)
            return
        } catch let refused as FetchError where refused.isRefusedThread {
            // An answer that asking again will not change would stop every later sync at this
            // thread: it fails this one, and is left to the reconcile.
            try archive.dropRereadMark(repositoryID: repositoryID, issueNumber: number)
            throw refused
        }
        let thread = collected.values
        let (changed, deleted) = try archive.replaceThread(
            repositoryID: repositoryID, issueNumber: number, comments: thread)
        report.threadsReread += 1
        report.commentsChanged += changed
        report.commentsDeleted += deleted
    }

    /// Walks every issue and every comment of the repository from the start (committing page
    /// by page as a sync does), then removes what the server no longer lists. Nothing is
    /// removed unless both walks completed.
    private func reconcile(
        repositoryID: Int, report: inout GitHubSyncReport, progress: @Sendable (GitHubSyncReport) -> Void
    ) async throws {
        let issues = issueReading(repositoryID: repositoryID, report: report, keepsETag: false)
        let allIssues = try await walk(
            from: .issues(repositoryID: repositoryID, since: nil, perPage: options.perPage), etag: nil,
            reading: issues, report: &report
        ) { page, report in
            report.tallyIssues(page)
            progress(report)
        }
        let comments = commentReading(repositoryID: repositoryID, report: report) { comments, _ in
            try archive.saveCommentPage(repositoryID: repositoryID, comments: comments, firstPage: nil)
        }
        let allComments = try await walk(
            from: .comments(repositoryID: repositoryID, since: nil, perPage: options.perPage), etag: nil,
            reading: comments, report: &report
        ) { page, report in
            report.tallyComments(page)
            progress(report)
        }
        report.issuesDeleted += try archive.removeIssues(repositoryID: repositoryID, keeping: Set(allIssues.ids))
        report.commentsDeleted += try archive.removeComments(repositoryID: repositoryID, keeping: Set(allComments.ids))
        try archive.markReconciled(repositoryID: repositoryID)
        report.reconciled = true
    }

    private func commentReading(
        repositoryID: Int, report: GitHubSyncReport,
        commit: @escaping ([GitHubComment], (url: String, etag: String?)?) throws -> Int
    ) -> GitHubListReading<GitHubComment> {
        GitHubListReading(
            noun: "comment", decode: JSONResponse.comments, id: \.id,
            dates: { ("comment \($0.id)", $0.createdAt, $0.updatedAt) },
            missing: .notFound(repository: report.repository), commit: commit)
    }
}

extension FetchError {
    /// A thread's listing that is not one (JSON of another shape, a body over its bound, a
    /// link off the API): unlike a status, which a token or a rate limit may explain.
    fileprivate var isRefusedThread: Bool {
        switch self {
        case .undecodable, .tooLarge, .offAPI: true
        case .unreachable, .status, .notJSON: false
        }
    }
}
