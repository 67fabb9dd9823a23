// Build-time tool: writes a Swift source declaring `embeddedMigrations`, the text of each
// migration file given on the command line, in order, with the schema objects the database
// has once it is applied (each applied in turn to an in-memory SQLite database: a migration
// that fails fails the build). Used by the EmbedMigrations plugin.
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

    /// "type name" of every table, view, index and trigger, sorted.
    var objects: [String] {
        var statement: OpaquePointer?
        let sql =
            "SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY 1"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            fail("cannot read sqlite_schema")
        }
        defer { sqlite3_finalize(statement) }
        var names: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { names.append(String(cString: sqlite3_column_text(statement, 0))) }
        return names
    }
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
source += "]\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
} catch {
    fail("cannot write \(arguments[1]): \(error)")
}
