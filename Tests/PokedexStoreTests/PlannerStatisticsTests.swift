import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase

/// A sync gathers the planner's statistics when a watched table has none, or has outgrown them
/// to twice their estimate or shrunk to half (and by 100 rows); a database as small as the
/// tests' is left without.
@Suite("Planner statistics")
struct PlannerStatisticsTests {
    static func addPokemon(_ ids: ClosedRange<Int>, to database: Database) throws {
        try database.run(
            """
            INSERT INTO pokemon (id, name, url, listed_at)
            SELECT value, 'p' || value, 'u', 't' FROM json_each(?)
            """, [.jsonArray(Array(ids))])
    }

    /// The Pokémon the statistics count; nil without statistics.
    static func estimatedPokemon(_ database: Database) throws -> Int? {
        guard
            try database.queryFirst(
                "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1')", row: { $0.bool(0) }) == true
        else { return nil }
        return try database.queryFirst("SELECT CAST(stat AS INTEGER) FROM sqlite_stat1 WHERE tbl = 'pokemon'") {
            $0.int(0)
        }
    }

    @Test("none for a small database; gathered past 100 rows; again only once doubled")
    func gatheredWhenStale() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        defer { database.close() }
        try Self.addPokemon(1...99, to: database)
        try PlannerStatistics.refreshIfStale(database)
        #expect(try Self.estimatedPokemon(database) == nil, "99 rows: no statistics")

        try Self.addPokemon(100...400, to: database)
        try PlannerStatistics.refreshIfStale(database)
        #expect(try Self.estimatedPokemon(database) == 400)

        try Self.addPokemon(401...799, to: database)
        try PlannerStatistics.refreshIfStale(database)
        #expect(try Self.estimatedPokemon(database) == 400, "399 rows more: not yet twice")

        try Self.addPokemon(800...800, to: database)
        try PlannerStatistics.refreshIfStale(database)
        #expect(try Self.estimatedPokemon(database) == 800, "twice the rows")
    }
}
