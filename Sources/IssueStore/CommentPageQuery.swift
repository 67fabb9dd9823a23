import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// A page of a repository's comments, or of one issue's, as GitHub's comment lists select and
/// order them: by id unless `sort` says otherwise.
public struct CommentPageQuery: Sendable, Equatable {
    public enum Sort: String, Sendable { case created, updated }

    /// One issue's comments; nil: the whole repository's.
    public var issueNumber: Int?
    /// Only comments updated at or after this (`YYYY-MM-DDTHH:MM:SSZ`).
    public var since: String?
    /// nil: ascending id.
    public var sort: Sort?
    public var ascending = true
    public var limit = 30
    public var offset = 0

    public init() {}
}

extension IssueArchive {
    /// The stored comments `query` selects, in its order (ties by id, the same way).
    public func commentPage(repositoryID: Int, query: CommentPageQuery) throws -> StoredItemPage {
        var conditions = ["repository_id = ?"]
        var parameters: [SQLValue] = [.int(repositoryID)]
        if let number = query.issueNumber {
            conditions.append("issue_number = ?")
            parameters.append(.int(number))
        }
        if let since = query.since {
            conditions.append("updated_at >= ?")
            parameters.append(.text(since))
        }
        let direction = query.ascending ? "ASC" : "DESC"
        let order =
            switch query.sort {
            case nil: "id ASC"
            case .created?: "created_at \(direction), id \(direction)"
            case .updated?: "updated_at \(direction), id \(direction)"
            }
        return try storedItemPage(
            "github_comment", where: conditions.joined(separator: " AND "), parameters, order: order,
            limit: query.limit, offset: query.offset)
    }

    /// One stored comment of the repository by its id.
    public func storedComment(repositoryID: Int, id: Int) throws -> StoredBody? {
        try database.queryFirst(
            "SELECT \(RawBody.gitHub.columns) FROM github_comment WHERE repository_id = ? AND id = ?",
            [.int(repositoryID), .int(id)]
        ) { try RawBody.stored($0, column: 0) }
    }
}
