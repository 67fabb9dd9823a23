import LocalDatabase
import SQLiteDatabase

extension IssueArchive {
    /// Issues whose order a transaction gives back at a time: a few hundred KB of items.
    private static var orderedPerTransaction: Int { 500 }

    /// Reads again, from each stored item, the order of the labels and assignees of the issues
    /// migration 0035 lists (stored before their link rows kept it), and empties the list.
    /// Nothing listed, the usual case, is one read of an empty table. Call under the writer lock.
    public func orderLinksFromStoredItems() throws {
        let pending = try database.query("SELECT issue_id FROM github_issue_link_order_pending") { $0.int(0) }
        for start in stride(from: 0, to: pending.count, by: Self.orderedPerTransaction) {
            try database.writeTransaction {
                for id in pending[start..<min(start + Self.orderedPerTransaction, pending.count)] {
                    if let item = try rawJSON(.issue, id: id) {
                        let json = SQLValue.text(String(decoding: item, as: UTF8.self))
                        try database.run(Self.labelOrder, [json, .int(id)])
                        try database.run(Self.assigneeOrder, [json, .int(id)])
                    }
                    try database.run("DELETE FROM github_issue_link_order_pending WHERE issue_id = ?", [.int(id)])
                }
            }
        }
    }

    /// Each link row's place in the item's array (`?1`, the item's JSON) of the issue `?2`.
    private static let labelOrder = """
        UPDATE github_issue_label SET position = (
            SELECT min(CAST(key AS INTEGER)) FROM json_each(?1, '$.labels') WHERE json_extract(value, '$.id') = label_id)
        WHERE issue_id = ?2
        """
    private static let assigneeOrder = """
        UPDATE github_issue_assignee SET position = (
            SELECT min(CAST(key AS INTEGER)) FROM json_each(?1, '$.assignees') WHERE json_extract(value, '$.id') = user_id)
        WHERE issue_id = ?2
        """
}
