import SQLiteDatabase

/// Response bodies kept as received (`pokemon_detail_json.body`, `github_issue.raw_json`,
/// `github_repository.raw_json`), so later migrations can extract more without downloading
/// again. Every such column is written and read through these two functions: a change of
/// how bodies are stored (compressed, say) is made here alone.
enum RawBody {
    /// The value to store for `body`, or to compare a stored one with.
    static func value(_ body: ArraySlice<UInt8>) -> SQLValue { .utf8(body) }

    /// The body stored in `column` of `row`, as it was received.
    static func body(_ row: Row, column: Int32) -> [UInt8] { row.bytes(column) }
}
