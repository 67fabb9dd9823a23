import SQLiteDatabase
import Testing

/// Scalar SQL functions written in Swift: every value type in and out, errors as the
/// statement's, a definition replaced.
@Suite("SQL functions defined in Swift")
struct DatabaseFunctionTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused on purpose" }
    }

    static let identity: [(sql: String, typeOf: String, text: String)] = [
        ("SELECT echo(NULL)", "null", ""),
        ("SELECT echo(-7)", "integer", "-7"),
        ("SELECT echo(2.5)", "real", "2.5"),
        ("SELECT echo('é ✓')", "text", "é ✓"),
        ("SELECT echo('')", "text", ""),
        ("SELECT echo(x'00ff')", "blob", "\u{0}\u{FFFD}"),
        ("SELECT echo(x'')", "blob", ""),
    ]

    @Test("each value type passes through as it is", arguments: identity)
    func passesThrough(sql: String, typeOf: String, text: String) throws {
        let database = try Database(path: ":memory:")
        try database.defineFunction("echo", argumentCount: 1) { $0[0] }
        let row = try database.queryFirst("SELECT typeof(v), v FROM (\(sql) AS v)") { ($0.text(0), $0.text(1)) }
        #expect(row?.0 == typeOf && row?.1 == text)
    }

    @Test("an error fails the statement with its description; a later definition replaces the first, named once")
    func errorsAndReplacement() throws {
        let database = try Database(path: ":memory:")
        try database.defineFunction("judge", argumentCount: 1) { _ in throw Refused() }
        #expect {
            _ = try database.queryFirst("SELECT judge(1)") { $0.int(0) }
        } throws: { "\($0)".contains("refused on purpose") }
        try database.defineFunction("judge", argumentCount: 1) { _ in .text("ok") }
        #expect(try database.queryFirst("SELECT judge(1)") { $0.text(0) } == "ok")
        #expect(database.functionNames == ["judge"])
    }
}
