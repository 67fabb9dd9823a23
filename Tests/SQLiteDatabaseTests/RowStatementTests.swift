import SQLiteDatabase
import TestSupport
import Testing

@Suite("One statement for many rows")
struct RowStatementTests {
    @Test("each row is bound afresh; none, one and several rows", arguments: [0, 1, 5])
    func eachRowBound(rows: Int) throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("rows.sqlite"))
        try database.execute("CREATE TABLE item (position INTEGER PRIMARY KEY, name TEXT)")
        // Text and NULL alternate: each row stores its own values.
        try database.run("INSERT INTO item (position, name) VALUES (?, ?)", rows: rows) { row in
            [.int(row), row % 2 == 0 ? .text("item \(row)") : .null]
        }
        let stored = try database.query("SELECT position, name FROM item ORDER BY position") {
            "\($0.int(0)):\($0.optionalText(1) ?? "-")"
        }
        #expect(stored == (0..<rows).map { "\($0):\($0 % 2 == 0 ? "item \($0)" : "-")" })
    }

    @Test("a row whose values do not fit stops the run with SQLite's error, the rows before it kept")
    func failingRowStops() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("rows.sqlite"))
        try database.execute("CREATE TABLE item (position INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let sql = "INSERT INTO item (position, name) VALUES (?, ?)"
        let error = #expect(throws: DatabaseError.self) {
            try database.run(sql, rows: 3) { row in [.int(row), row == 1 ? .null : .text("item")] }
        }
        #expect(error?.sql == sql && error?.isConstraintViolation == true)
        #expect(try database.queryFirst("SELECT count(*) FROM item") { $0.int(0) } == 1)
    }

    /// Two statements' worth of rows and six more, every third size NULL.
    static let seventyRows: [Int?] = (1...70).flatMap { position -> [Int?] in
        [position, position % 3 == 0 ? nil : position * 10]
    }

    @Test(
        "integer rows: each bound afresh, nil as NULL, many a statement and the rest one by one; a short last row is a range error before any row runs",
        arguments: [
            ([] as [Int?], 0, nil as Int32?), ([1, 10], 1, nil), ([1, 10, 2, nil, 3, 30], 3, nil),
            (Self.seventyRows, 70, nil),
            ([1, 10, 2], 0, 25),  // SQLITE_RANGE
        ])
    func integerRows(values: [Int?], stored: Int, error: Int32?) throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("rows.sqlite"))
        try database.execute("CREATE TABLE item (position INTEGER PRIMARY KEY, size INTEGER)")
        let insert = "INSERT INTO item (position, size) VALUES"
        if let error {
            let thrown = #expect(throws: DatabaseError.self) {
                try database.insert(insert, integerRows: values, columns: 2)
            }
            #expect(thrown?.code == error && thrown?.sql == insert + " (?, ?)")
        } else {
            try database.insert(insert, integerRows: values, columns: 2)
        }
        let rows = try database.query("SELECT position, size FROM item ORDER BY position") {
            [$0.int(0), $0.optionalInt(1)]
        }
        #expect(rows.count == stored)
        #expect(rows.flatMap { $0 } == Array(values.prefix(stored * 2)))
    }

    @Test(
        "rows of any values: text, NULL and integers, many a statement and the rest one by one",
        arguments: [0, 1, 33, 70])
    func valueRows(count: Int) throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("rows.sqlite"))
        try database.execute("CREATE TABLE item (position INTEGER PRIMARY KEY, name TEXT, size INTEGER)")
        let values = (0..<count).flatMap { row -> [SQLValue] in
            [.int(row), row % 3 == 0 ? .null : .text("item \(row)"), .int(row % 2 == 0 ? row * 10 : nil)]
        }
        try database.insert("INSERT INTO item (position, name, size) VALUES", rows: values, columns: 3)
        let rows = try database.query("SELECT position, name, size FROM item ORDER BY position") {
            "\($0.int(0)) \($0.optionalText(1) ?? "-") \($0.optionalInt(2).map { "\($0)" } ?? "-")"
        }
        #expect(
            rows
                == (0..<count).map { row in
                    "\(row) \(row % 3 == 0 ? "-" : "item \(row)") \(row % 2 == 0 ? "\(row * 10)" : "-")"
                })
    }
}

@Suite("Text compared in place")
struct RowTextComparisonTests {
    @Test(
        "a column holds a string only byte for byte: composed and decomposed spellings differ, NULL holds none",
        arguments: [
            ("Pokémon", "Pokémon", true), ("Pokémon", "Poke\u{301}mon", false), ("", "", true), ("a", "", false),
            ("", "a", false), ("ab", "a", false), ("a\u{0}b", "a\u{0}b", true), ("a\u{0}b", "a", false),
        ] as [(String, String, Bool)])
    func byteForByte(stored: String, asked: String, equal: Bool) throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("text.sqlite"))
        try database.execute("CREATE TABLE item (name TEXT)")
        try database.run("INSERT INTO item (name) VALUES (?), (NULL)", [.text(stored)])
        let answers = try database.query("SELECT name FROM item ORDER BY name IS NULL") {
            $0.hasText(0, equalTo: asked)
        }
        #expect(answers == [equal, false])
    }
}
