// Build-time tool: writes a Swift source declaring `embeddedMigrations`, the text of each
// migration file given on the command line, in order. Used by the EmbedMigrations plugin.
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
var source = "// Generated from Migrations/*.sql by the EmbedMigrations plugin. Do not edit.\n\n"
source += "/// The schema migrations compiled into this binary, in the order they apply.\n"
source += "public let embeddedMigrations: [EmbeddedMigration] = [\n"
for path in paths {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    let text = String(decoding: data, as: UTF8.self)
    source +=
        "    EmbeddedMigration(fileName: \(swiftLiteral(fileName)), sql: \(swiftLiteral(text)), "
        + "checksum: \"\(SHA256.hexDigest(text.utf8))\"),\n"
}
source += "]\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
} catch {
    fail("cannot write \(arguments[1]): \(error)")
}
