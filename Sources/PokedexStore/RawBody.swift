import BodyCoding
import SQLiteDatabase

/// Response bodies kept as received, compressed (migration 0016: `body_encoding`, `body_size`,
/// `body` of `pokemon_detail_json` and the other `…_json` tables), so later migrations can
/// extract more without downloading again. Every such row is written and read through these
/// functions: how bodies are stored is decided here and in `StoredBody` alone.
enum RawBody {
    /// The columns a body is stored in, in the order `values` binds them and `body` reads them.
    static let columns = "body_encoding, body_size, body"

    /// The values to store for `columns`.
    static func values(_ body: StoredBody) -> [SQLValue] {
        [.text(body.encoding.rawValue), .int(body.decodedSize), .blob(body.bytes[...])]
    }

    /// GitHub's items, stored as text until their tables are rebuilt.
    static func value(_ body: ArraySlice<UInt8>) -> SQLValue { .utf8(body) }

    /// The body stored in `columns`, starting at `column` of `row`, as it was received.
    static func body(_ row: Row, column: Int32) throws(RawBodyError) -> [UInt8] {
        do throws(BodyCodingError) {
            guard let encoding = StoredBody.Encoding(rawValue: row.text(column)) else {
                throw BodyCodingError.corrupt("its encoding '\(row.text(column))' is none pokedex writes")
            }
            return try StoredBody(bytes: row.bytes(column + 2), encoding: encoding, decodedSize: row.int(column + 1))
                .decoded()
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
