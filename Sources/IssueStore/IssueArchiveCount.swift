import SQLiteDatabase

extension IssueArchive {
    /// How many of the repository's stored issues match `filter`, at any offset: what a page
    /// of them leaves out.
    public func count(repository fullName: String, filter: IssueFilter) throws -> Int {
        try database.readTransaction {
            guard let repositoryID = try syncState(fullName: fullName)?.repositoryID else { return 0 }
            let matching = Self.matchingIssues(repositoryID: repositoryID, filter: filter)
            return try database.queryFirst("SELECT count(*) \(matching.sql)", matching.parameters) { $0.int(0) } ?? 0
        }
    }
}
