// Build-time tool: writes a Swift source declaring `embeddedMigrations`, the text and checksum
// of each migration file given on the command line, in order, with the schema objects the
// database has once it is applied (each applied in turn to an in-memory SQLite database: a
// migration that fails fails the build), and `embeddedFreshSchema`, the statements that make
// the final schema in one go. Used by the EmbedMigrations plugin.
import CSQLite
import Foundation
import MigrationNames
import SHA256Digest

/// A Swift string literal of `text` with everything outside printable ASCII escaped, so any
/// SQL (quotes, backslashes, Unicode) round-trips exactly.
func swiftLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": literal += "\\\""
        case "\\": literal += "\\\\"
        case "\n": literal += "\\n"
        case "\t": literal += "\\t"
        case "\r": literal += "\\r"
        case " "..."~": literal.unicodeScalars.append(scalar)
        default: literal += "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
    return literal + "\""
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("MigrationEmbedder: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: MigrationEmbedder OUTPUT.swift [MIGRATION.sql ...]") }
let paths = Array(arguments.dropFirst(2))
do {
    _ = try MigrationFileName.validate(paths.map { URL(fileURLWithPath: $0).lastPathComponent })
} catch {
    fail("\(error.description) (in \(URL(fileURLWithPath: paths[0]).deletingLastPathComponent().path))")
}
/// An in-memory database the migrations are applied to in turn, as the Migrator applies them
/// (foreign keys off), to list what each leaves.
final class ReferenceSchema {
    private var handle: OpaquePointer?

    init() {
        guard sqlite3_open(":memory:", &handle) == SQLITE_OK else { fail("cannot open an in-memory SQLite database") }
    }

    deinit { sqlite3_close(handle) }

    func apply(_ sql: String, from fileName: String) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            fail("\(fileName) does not apply: \(message.map { String(cString: $0) } ?? "unknown error")")
        }
    }

    /// The first column of every row `sql` returns, as text.
    func texts(_ sql: String) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            fail("cannot run \(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        var texts: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { texts.append(String(cString: sqlite3_column_text(statement, 0))) }
        return texts
    }

    /// "type name" of every table, view, index and trigger, sorted.
    var objects: [String] {
        texts("SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY 1")
    }

    /// The statements that make this schema in an empty database: each object's CREATE as
    /// SQLite keeps it, tables first, then the rows migrations put in them (a lookup table's,
    /// as INSERTs of SQL literals), then indexes, views and triggers, each kind in the order
    /// it was made. Left out: SQLite's own objects, automatic indexes (no SQL) and the shadow
    /// tables a virtual table makes for itself.
    var freshSchema: [String] {
        let objects: (String) -> [String] = { condition in
            self.texts(
                """
                SELECT sql FROM sqlite_schema
                WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                  AND name NOT IN (SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow')
                  AND \(condition)
                ORDER BY CASE type WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid
                """)
        }
        return objects("type = 'table'") + rows + objects("type <> 'table'")
    }

    /// An INSERT for every row of every plain table, in rowid order.
    private var rows: [String] {
        let plainTables = texts(
            "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        )
        return plainTables.flatMap { table -> [String] in
            let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let columns = texts("SELECT name FROM pragma_table_info(\(sqlLiteral(table)))")
            let values = columns.map { "quote(\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\")" }
            return texts(
                "SELECT 'INSERT INTO ' || \(sqlLiteral(quoted)) || ' VALUES (' || "
                    + values.joined(separator: " || ', ' || ") + " || ')' FROM \(quoted)")
        }
    }
}

/// `text` as an SQL string literal.
func sqlLiteral(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
}

var source = "// Generated from Migrations/*.sql by the EmbedMigrations plugin. Do not edit.\n\n"
source += "/// The schema migrations compiled into this binary, in the order they apply.\n"
source += "public let embeddedMigrations: [EmbeddedMigration] = [\n"
let reference = ReferenceSchema()
for path in paths {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    let text = String(decoding: data, as: UTF8.self)
    reference.apply(text, from: fileName)
    source +=
        "    EmbeddedMigration(\n        fileName: \(swiftLiteral(fileName)), sql: \(swiftLiteral(text)),\n"
        + "        checksum: \"\(SHA256.hexDigest(text.utf8))\",\n"
        + "        schemaObjects: [\(reference.objects.map(swiftLiteral).joined(separator: ", "))]),\n"
}
source += "]\n\n"
source += "/// What all of `embeddedMigrations` make of an empty database, as statements to run in order.\n"
source += "public let embeddedFreshSchema: [String] = [\n"
source += reference.freshSchema.map { "    \(swiftLiteral($0)),\n" }.joined()
source += "]\n"
// Written beside the output and renamed over it: Foundation's `.atomic` leaves a
// /tmp/TemporaryDirectory.* behind on Linux at every build.
let partial = arguments[1] + ".partial"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: partial))
} catch {
    fail("cannot write \(partial): \(error)")
}
guard rename(partial, arguments[1]) == 0 else { fail("cannot rename \(partial) to \(arguments[1]): errno \(errno)") }
