import SQLiteDatabase

extension PokeAPIResource {
    /// What `status` counts of the kind: its entries, those with details, and its extra counts.
    public func statusCounts(in database: Database) throws -> [(String, Int)] {
        // Table names and the extra counts' SQL are constants of the declarations.
        var counts =
            try database.queryFirst(
                "SELECT count(*), count(details_synced_at) FROM \(tables.table)\(tables.scope.whereClause)",
                tables.scope.parameters
            ) {
                [(countKey, $0.int(0)), ("with_details", $0.int(1))]
            } ?? []
        for extra in extraCounts {
            counts.append((extra.key, try database.queryFirst(extra.sql) { $0.int(0) } ?? 0))
        }
        return counts
    }
}
