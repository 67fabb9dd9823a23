import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

/// The views' computed columns carry a type (migration 0029): a value given as text, as
/// Datasette's facets and filters give it, finds the rows its number finds.
@Suite("Views' computed columns compare as numbers")
struct ViewColumnAffinityTests {
    @Test(
        "a value given as text finds what the number finds",
        arguments: [
            ("pokemon_defense", "multiplier"), ("pokemon_summary", "artwork_derived"),
            ("pokemon_summary", "has_details"), ("matchup_type", "id"), ("pokeapi_kind_summary", "entries"),
            ("pokeapi_kind_summary", "bodies"), ("github_issue_comment_count", "stored_count"),
        ])
    func textFindsNumber(view: String, column: String) throws {
        let directory = try TemporaryDirectory()
        let database: Database
        if view.hasPrefix("github") {
            database = try LocalStore.openForWriting(
                path: try GitHubRawJSONCompressionTests.databaseBefore0017(in: directory).path)
        } else {
            database = try LocalStore.openForWriting(path: directory.file("views.sqlite"))
            try PokedexEntryFixture.install(into: database)
            try database.run(
                """
                INSERT INTO pokeapi_resource (kind, id, name, url, details_synced_at)
                VALUES ('item', 1, 'master-ball', 'https://pokeapi.co/api/v2/item/1/', '2026-12-04T00:00:00Z')
                """)
        }
        defer { database.close() }
        // Names are this test's constants. Each value as SQLite writes it, and its type.
        let values = try database.query("SELECT DISTINCT CAST(\(column) AS TEXT), typeof(\(column)) FROM \(view)") {
            ($0.text(0), $0.text(1))
        }
        #expect(!values.isEmpty)
        for (text, type) in values {
            let value: SQLValue
            switch type {
            case "integer": value = .integer(Int64(text) ?? 0)
            case "real": value = .real(Double(text) ?? 0)
            default:
                Issue.record("\(view).\(column) holds \(type) \(text), not a number")
                continue
            }
            let byNumber = try database.queryFirst("SELECT count(*) FROM \(view) WHERE \(column) = ?", [value]) {
                $0.int(0)
            }
            let byText = try database.queryFirst("SELECT count(*) FROM \(view) WHERE \(column) = ?", [.text(text)]) {
                $0.int(0)
            }
            #expect(byText == byNumber && (byNumber ?? 0) > 0, "\(view).\(column) = '\(text)'")
        }
    }
}
