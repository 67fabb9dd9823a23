import LocalDatabase

extension IssueArchive {
    /// The GitHub tables that keep each item's JSON as received.
    public enum RawJSONTable: String, Sendable, CaseIterable {
        case repository = "github_repository"
        case issue = "github_issue"
        case comment = "github_comment"
    }

    /// The JSON stored for the item with GitHub id `id`, exactly as it was received; nil if
    /// none is.
    public func rawJSON(_ table: RawJSONTable, id: Int) throws -> [UInt8]? {
        try database.queryFirst("SELECT \(RawBody.gitHub.columns) FROM \(table.rawValue) WHERE id = ?", [.int(id)]) {
            try RawBody.body($0, column: 0)
        }
    }
}
