import BodyCoding
import SQLiteDatabase

extension RawBody {
    /// The body stored in `columns`, starting at `column` of `row`, in its stored form: still
    /// compressed, for a reader that can send it so (HTTP's `deflate` is the store's zlib).
    package static func stored(_ row: Row, column: Int32) throws(RawBodyError) -> StoredBody {
        do throws(BodyCodingError) {
            guard let encoding = StoredBody.Encoding(rawValue: row.text(column)) else {
                throw BodyCodingError.corrupt("its encoding '\(row.text(column))' is none pokedex writes")
            }
            return try StoredBody(bytes: row.bytes(column + 2), encoding: encoding, decodedSize: row.int(column + 1))
        } catch {
            throw RawBodyError(reason: error.description)
        }
    }
}
