import Foundation
import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase

/// docs/datasette.json names tables and columns of the schema: each must exist in a database
/// migrated to the newest version, or Datasette ignores the setting without a word.
@Suite("Datasette's metadata names what the schema has")
struct DatasetteMetadataTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/datasette.json").standardized

    @Test("every table it names exists, and every label column is one of its columns")
    func namesExist() throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.file)) as? [String: Any]
        let databases = try #require(json?["databases"] as? [String: Any])
        let tables = try #require((databases["pokedex"] as? [String: Any])?["tables"] as? [String: [String: Any]])
        #expect(!tables.isEmpty)
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        defer { database.close() }
        let schema = Set(
            try database.query("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')") {
                $0.text(0)
            })
        for (table, settings) in tables {
            #expect(schema.contains(table), "\(table) is not in the schema")
            guard let label = settings["label_column"] as? String else { continue }
            let columns = try database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) }
            #expect(columns.contains(label), "\(table) has no column \(label)")
        }
    }
}
