extension SQLValue {
    /// Integers as one JSON array parameter, read back in SQL with `json_each`. Written
    /// directly, compact: every list page of a sync binds two of these.
    public static func jsonArray(_ values: [Int]) -> SQLValue {
        .text("[" + values.map { String($0) }.joined(separator: ",") + "]")
    }
}
