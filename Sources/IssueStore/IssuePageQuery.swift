import BodyCoding
import JSONOutput
import LocalDatabase
import SQLiteDatabase

/// A page of a repository's issues and pull requests as GitHub's list endpoint selects and
/// orders them (`state`, `labels`, `since`, `sort`, `direction`, `per_page`, `page`).
public struct IssuePageQuery: Sendable, Equatable {
    public enum State: String, Sendable { case open, closed, all }
    public enum Sort: String, Sendable { case created, updated, comments }

    public var state = State.open
    /// Label names an item must all carry (any case).
    public var labels: [String] = []
    /// Only items updated at or after this (`YYYY-MM-DDTHH:MM:SSZ`).
    public var since: String?
    public var sort = Sort.created
    public var ascending = false
    public var limit = 30
    public var offset = 0

    public init() {}

    /// The ordering column: a constant, the only text spliced into the statement.
    var column: String {
        switch sort {
        case .created: "created_at"
        case .updated: "updated_at"
        case .comments: "comments"
        }
    }
}

extension IssueArchive {
    /// The stored items `query` selects, in its order (ties by number, the same way).
    public func issuePage(repositoryID: Int, query: IssuePageQuery) throws -> StoredItemPage {
        // `+number`: a number moved aside (negative) is left out without steering SQLite onto the
        // (repository, number) index, which made it sort the whole repository for each page.
        var conditions = ["repository_id = ?", "+number > 0"]
        var parameters: [SQLValue] = [.int(repositoryID)]
        if query.state != .all {
            conditions.append("state = ?")
            parameters.append(.text(query.state.rawValue))
        }
        if let since = query.since {
            conditions.append("updated_at >= ?")
            parameters.append(.text(since))
        }
        if let labels = Self.carryingAllLabels(query.labels, issue: "github_issue.id") {
            conditions.append(labels.sql)
            parameters += labels.parameters
        }
        let direction = query.ascending ? "ASC" : "DESC"
        return try storedItemPage(
            "github_issue", where: conditions.joined(separator: " AND "), parameters,
            order: "\(query.column) \(direction), number \(direction)", limit: query.limit, offset: query.offset)
    }

    /// The condition that the issue whose id is the column `issue` carries every one of
    /// `labels` (any case), its parameters; nil for no label.
    static func carryingAllLabels(_ labels: [String], issue: String) -> (sql: String, parameters: [SQLValue])? {
        let labels = Set(labels.map { $0.lowercased() })
        guard !labels.isEmpty else { return nil }
        // The labels travel as one JSON array parameter, read back with json_each.
        return (
            """
            (SELECT count(DISTINCT lower(l.name)) FROM github_issue_label AS il
             JOIN github_label AS l ON l.id = il.label_id
             WHERE il.issue_id = \(issue) AND lower(l.name) IN (SELECT value FROM json_each(?))) = ?
            """,
            [.text(JSONValue.array(labels.sorted().map(JSONValue.string)).rendered()), .int(labels.count)]
        )
    }

    /// The stored items (`raw_json`) of the rows of `table` that `where` selects, in `order`, and
    /// how many it selects in all. The page's ids are found first and their items read by id:
    /// ordering rows with their items in them made SQLite sort every item of the repository.
    func storedItemPage(
        _ table: String, where condition: String, _ parameters: [SQLValue], order: String, limit: Int, offset: Int
    ) throws -> StoredItemPage {
        let filter = "FROM \(table) WHERE \(condition)"
        let total = try database.queryFirst("SELECT count(*) " + filter, parameters) { $0.int(0) } ?? 0
        let ids = try database.query(
            "SELECT id \(filter) ORDER BY \(order) LIMIT ? OFFSET ?", parameters + [.int(limit), .int(offset)]
        ) { $0.int(0) }
        let items = try ids.map { id in
            try database.queryFirst("SELECT \(RawBody.gitHub.columns) FROM \(table) WHERE id = ?", [.int(id)]) {
                try RawBody.stored($0, column: 0)
            }
        }
        return StoredItemPage(total: total, items: items.compactMap { $0 })
    }

    /// One stored issue or pull request by number.
    public func storedIssue(repositoryID: Int, number: Int) throws -> StoredBody? {
        try database.queryFirst(
            "SELECT \(RawBody.gitHub.columns) FROM github_issue WHERE repository_id = ? AND number = ?",
            [.int(repositoryID), .int(number)]
        ) { try RawBody.stored($0, column: 0) }
    }
}
