import BodyCoding
import SQLiteDatabase

/// Bodies kept as received, compressed, so later migrations can extract more without
/// downloading again: PokeAPI's responses (migration 0016: `body_encoding`, `body_size`, `body`
/// of `pokemon_detail_json` and the other `…_json` tables) and GitHub's items (0017:
/// `raw_json_encoding`, `raw_json_size`, `raw_json` of `github_repository`, `github_issue`,
/// `github_comment`). Every such row is written and read through these functions: how bodies
/// are stored is decided here and in `StoredBody` alone.
package struct RawBody: Sendable {
    /// The blob's column, whose name the other two columns start with.
    package let column: String
    /// The columns a body is stored in, for a SELECT or INSERT, in the order `values` binds
    /// them and `body` reads them.
    package let columns: String
    /// The column that says whether a body is compressed.
    package let encodingColumn: String
    /// `columns` set to the `excluded` row's, in an upsert's DO UPDATE.
    package let excludedAssignments: String
    /// `columns` set to the three `values`, in an UPDATE.
    package let assignments: String
    /// True when `columns` hold exactly the three `values`. pokedex compresses an item the
    /// same way each time (libdeflate is deterministic for the same input, level and version),
    /// so an unchanged item compares equal without being decoded; a compressor that compresses
    /// differently (another libdeflate, or the zlib of pokedex before it) only makes each item
    /// look changed once, costing one rewrite of it.
    package let matches: String

    package static let pokeAPI = RawBody(column: "body")
    package static let gitHub = RawBody(column: "raw_json")

    /// The SQL fragments are made once: writers splice them into statements for every row.
    private init(column: String) {
        let names = ["\(column)_encoding", "\(column)_size", column]
        self.column = column
        columns = names.joined(separator: ", ")
        encodingColumn = names[0]
        excludedAssignments = names.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        assignments = names.map { "\($0) = ?" }.joined(separator: ", ")
        matches = "(" + names.map { "\($0) = ?" }.joined(separator: " AND ") + ")"
    }

    /// The values to store for `columns`.
    package static func values(_ body: StoredBody) -> [SQLValue] {
        [.text(body.encoding.rawValue), .int(body.decodedSize), .blob(body.bytes[...])]
    }

    /// The body stored in `columns`, starting at `column` of `row`, as it was received.
    package static func body(_ row: Row, column: Int32) throws(RawBodyError) -> [UInt8] {
        let body = try stored(row, column: column)
        do throws(BodyCodingError) {
            return try body.decoded()
        } catch {
            throw RawBodyError(reason: error.description)
        }
    }
}

/// A stored body that does not decode: the file was changed by another program, or damaged.
public struct RawBodyError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "a stored body cannot be read: \(reason)" }
}
