import SQLiteDatabase

/// The issues or comments a page's transaction inserted, given their full-text entries in one
/// statement once the page's rows are written.
///
/// A trigger per inserted row did this until migration 0018. SQLite (3.40, Debian 12's) runs
/// each such insert in a statement transaction, and FTS5 writes its pending terms out as a new
/// index segment whenever one ends: one segment per row, merged again and again, the largest
/// single cost of an issue sync. Changes and deletions keep their triggers, which remove the
/// entries a row had before, if it has any: they look for it in the index's `_docsize` table,
/// which FTS5 keeps unless a table is declared `columnsize=0`.
struct PageTextIndex {
    /// `github_issue_fts` or `github_comment_fts`, filled from its content table.
    enum Index {
        case issues, comments

        var insertion: String {
            switch self {
            case .issues:
                return """
                    INSERT INTO github_issue_fts (rowid, title, body)
                    SELECT id, title, body FROM github_issue WHERE id IN (SELECT value FROM json_each(?))
                    """
            case .comments:
                return """
                    INSERT INTO github_comment_fts (rowid, body)
                    SELECT id, body FROM github_comment WHERE id IN (SELECT value FROM json_each(?))
                    """
            }
        }
    }

    let index: Index
    private var unindexed: [Int] = []
    private var unindexedSet: Set<Int> = []

    init(_ index: Index) {
        self.index = index
    }

    /// Runs `upsert`, which writes row `id`, unless the row is stored exactly so already
    /// (`unchanged` true; nil: not stored at all). Returns whether it ran. A row inserted
    /// earlier in this page is indexed first, before the upsert changes it: the update trigger
    /// then replaces its entries, where it would otherwise index the new text and this page's
    /// write index the row a second time.
    mutating func save(_ id: Int, unchanged: Bool?, in database: Database, _ upsert: () throws -> Void) throws
        -> Bool
    {
        guard unchanged != true else { return false }
        if unindexedSet.contains(id) { try write(to: database) }
        try upsert()
        if unchanged == nil, unindexedSet.insert(id).inserted { unindexed.append(id) }
        return true
    }

    /// Indexes the rows inserted since the last write; call before the page's transaction ends.
    mutating func write(to database: Database) throws {
        guard !unindexed.isEmpty else { return }
        try database.run(index.insertion, [.jsonArray(unindexed)])
        unindexed.removeAll()
        unindexedSet.removeAll()
    }
}
