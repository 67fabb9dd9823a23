import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

/// A list page's entries are written in one statement when stored alike, else one by one:
/// the rows that come out must be those the one-by-one rule alone gives, whatever the page.
@Suite("List entries: what a page leaves in its table")
struct ListEntryTableTests {
    typealias Row = [String]

    static func entry(_ id: Int, _ name: String, url: String? = nil) -> ResourceListEntry {
        ResourceListEntry(id: id, name: name, url: url ?? "https://pokeapi.co/api/v2/type/\(id)/")
    }

    /// Stored before the page, then the page.
    static let cases: [(label: String, stored: [ResourceListEntry], page: [ResourceListEntry])] = [
        ("a new table", [], [entry(1, "normal"), entry(2, "fighting")]),
        (
            "the same entries again", [entry(1, "normal"), entry(2, "fighting")],
            [entry(1, "normal"), entry(2, "fighting")]
        ),
        (
            "a URL that changed", [entry(1, "normal")],
            [entry(1, "normal", url: "https://pokeapi.co/api/v2/type/1/?v=2")]
        ),
        ("a renamed entry", [entry(1, "normal"), entry(2, "fighting")], [entry(1, "plain"), entry(2, "fighting")]),
        (
            "a name that moved to an id this page does not list", [entry(1, "normal"), entry(9, "flying")],
            [entry(2, "normal"), entry(3, "fire")]
        ),
        (
            "two entries swapping names", [entry(1, "normal"), entry(2, "fighting")],
            [entry(1, "fighting"), entry(2, "normal")]
        ),
        (
            "one name twice, the stored one first", [entry(1, "normal"), entry(2, "fighting")],
            [entry(1, "normal"), entry(2, "normal")]
        ),
        (
            "one name twice, the stored one last", [entry(1, "normal"), entry(2, "fighting")],
            [entry(2, "normal"), entry(1, "normal")]
        ),
        ("one id twice, the stored name last", [entry(1, "normal")], [entry(1, "fighting"), entry(1, "normal")]),
        ("one id twice, the stored name first", [entry(1, "normal")], [entry(1, "normal"), entry(1, "fighting")]),
        (
            "new, unchanged and changed entries together", [entry(1, "normal"), entry(2, "fighting"), entry(3, "ice")],
            [entry(1, "normal"), entry(2, "steel"), entry(4, "fighting"), entry(3, "ice")]
        ),
        // Equal as Swift Strings, not as SQLite TEXT: the name is rewritten as the page spells it.
        ("a name respelled decomposed", [entry(669, "flab\u{E9}b\u{E9}")], [entry(669, "flabe\u{301}be\u{301}")]),
    ]

    /// The rule one entry at a time, as written before pages were batched.
    static func oneByOne(_ entries: [ResourceListEntry], table: String, in database: Database) throws {
        for entry in entries {
            try database.run(
                "UPDATE \(table) SET name = name || '~' || id WHERE name = ? AND id <> ?",
                [.text(entry.name), .int(entry.id)])
            try database.run(
                """
                INSERT INTO \(table) (id, name, url, listed_at) VALUES (?, ?, ?, 'now')
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, url = excluded.url, listed_at = excluded.listed_at
                """, [.int(entry.id), .text(entry.name), .text(entry.url)])
        }
    }

    static func rows(_ table: String, in database: Database) throws -> [Row] {
        // Names as their bytes: Swift's == would take two spellings of one name for equal.
        try database.query("SELECT id, hex(name), url, listed_at = 'before' FROM \(table) ORDER BY id") {
            [String($0.int(0)), $0.text(1), $0.text(2), $0.bool(3) ? "not listed since" : "listed"]
        }
    }

    @Test(arguments: cases.indices)
    func batchedPagesLeaveWhatOneByOneLeaves(_ index: Int) throws {
        let (_, stored, page) = Self.cases[index]
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        defer { database.close() }
        for table in ["type", "ability"] {
            try Self.oneByOne(stored, table: table, in: database)
            try database.run("UPDATE \(table) SET listed_at = 'before'")
        }
        try ListEntryTable(table: "type").save(page, in: database)
        try Self.oneByOne(page, table: "ability", in: database)
        #expect(try Self.rows("type", in: database) == Self.rows("ability", in: database))
        #expect(
            try database.queryFirst("SELECT count(*) FROM type WHERE listed_at = 'before'") { $0.int(0) }
                == stored.filter { old in !page.contains { $0.id == old.id } }.count)
    }

    @Test("chains keep only a URL: the same ones again change nothing, a new URL is stored")
    func unnamedEntries() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        defer { database.close() }
        let chains = ListEntryTable(table: "evolution_chain", named: false)
        try chains.save([Self.entry(1, ""), Self.entry(2, "")], in: database)
        try chains.save(
            [Self.entry(1, ""), Self.entry(2, "", url: "https://pokeapi.co/api/v2/evolution-chain/2/")], in: database)
        #expect(
            try database.query("SELECT id, url FROM evolution_chain ORDER BY id") { "\($0.int(0)) \($0.text(1))" } == [
                "1 https://pokeapi.co/api/v2/type/1/", "2 https://pokeapi.co/api/v2/evolution-chain/2/",
            ])
    }

    @Test("a listed entry keeps its offset, a link the stored one; lists read in that order, unlisted last")
    func listPositions() throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        defer { database.close() }
        func listed(_ id: Int, _ name: String, at position: Int?) -> ResourceListEntry {
            ResourceListEntry(id: id, name: name, url: Self.entry(id, name).url, position: position)
        }
        let types = ListEntryTable(table: "type")
        func order() throws -> [String] {
            try PokeAPIResources.type.tables.listPage(database, offset: 0, limit: 10).entries.compactMap(\.name)
        }
        try types.save([listed(2, "fighting", at: 0), listed(1, "normal", at: 1)], in: database)
        try types.save([listed(3, "flying", at: nil), listed(1, "normal", at: nil)], in: database)
        #expect(try order() == ["fighting", "normal", "flying"])
        // Stored alike but for the position: rewritten, not only marked listed.
        try types.save([listed(2, "fighting", at: 7)], in: database)
        #expect(try order() == ["normal", "fighting", "flying"])
        #expect(try PokeAPIResources.type.tables.listPage(database, offset: 1, limit: 1).entries.map(\.id) == [2])
    }

    @Test(
        "ids bound as one JSON array come back from json_each as they went in",
        arguments: [[], [7], [1, 2, 3], [-5, 0, Int.max, Int.min, 7, 7]])
    func idArrays(_ ids: [Int]) throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        defer { database.close() }
        #expect(
            try database.query("SELECT value FROM json_each(?) ORDER BY key", [.jsonArray(ids)]) { $0.int(0) } == ids)
    }
}
