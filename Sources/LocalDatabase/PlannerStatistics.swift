import SQLiteDatabase

/// The query planner's statistics (`sqlite_stat1`), gathered by a sync when they are missing
/// or no longer fit the data, so that SQL users' own queries get good plans: without them,
/// "tutor moves in scarlet-violet" over the 638,321 learnset rows scanned the index by move
/// (0.87 s; 80 ms with them), "who does not learn protect" 0.49 s (6 ms). pokedex's own
/// queries took the same time either way.
public enum PlannerStatistics {
    /// Tables whose row counts tell the data's size: they grow with a first whole sync, an
    /// `--offset/--limit` one widened, a repository added.
    static let watchedTables = ["pokemon", "pokeapi_resource", "github_issue"]

    /// Rows of each index sampled: 50 ms for the whole-API database, against 0.26 s for every
    /// row, with plans as good for the queries above.
    static let sampledRows = 1_000

    /// Gathers the statistics when a watched table has none, or holds twice or half the rows
    /// they estimate (and 100 rows more or fewer): sampled, they are off by a third at most.
    public static func refreshIfStale(_ database: Database) throws {
        guard try isStale(database) else { return }
        // PRAGMA takes no parameters; the value is a constant of this type.
        try database.execute("PRAGMA analysis_limit = \(sampledRows)")
        try database.execute("ANALYZE")
        try database.execute("PRAGMA analysis_limit = 0")
    }

    static func isStale(_ database: Database) throws -> Bool {
        let hasStatistics =
            try database.queryFirst("SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1')") {
                $0.bool(0)
            } ?? false
        var estimated: [String: Int] = [:]
        if hasStatistics {
            for (table, rows) in try database.query(
                "SELECT tbl, max(CAST(stat AS INTEGER)) FROM sqlite_stat1 GROUP BY tbl",
                row: { ($0.text(0), $0.int(1)) })
            {
                estimated[table] = rows
            }
        }
        for table in watchedTables {
            // Names are constants of this type.
            let rows = try database.queryFirst("SELECT count(*) FROM \(table)") { $0.int(0) } ?? 0
            let expected = estimated[table] ?? 0
            if abs(rows - expected) >= 100 && (rows >= 2 * expected || 2 * rows <= expected) { return true }
        }
        return false
    }
}
