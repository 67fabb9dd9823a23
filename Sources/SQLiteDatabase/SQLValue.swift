import CSQLite

/// A value bound to a statement parameter. Values are always bound, never spliced into SQL.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// UTF-8 text already in bytes (an HTTP body, say), stored as TEXT without a copy to String.
    case utf8(ArraySlice<UInt8>)
    /// Bytes stored as a BLOB, exactly (a PNG, say).
    case blob(ArraySlice<UInt8>)
}
extension SQLValue {
    public static func int(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    public static func string(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
    public static func bool(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }
}
