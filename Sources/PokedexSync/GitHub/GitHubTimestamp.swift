#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// GitHub's timestamps, `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339 in UTC, whole seconds), the only
/// form it sends. `updated_at` becomes a repository's high-water mark and the next sync's
/// `since=`: anything else there (it sorts as text) would be asked for forever and refused
/// (422), so an item whose dates are not in this form is refused before it is stored.
enum GitHubTimestamp {
    static func isValid(_ text: String) -> Bool { date(text) != nil }

    /// The moment `text` names, when it is in this form.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z"),
            let year = HTTPHeaderValue.number(bytes[0..<4]), let month = HTTPHeaderValue.number(bytes[5..<7]),
            let day = HTTPHeaderValue.number(bytes[8..<10]), let hour = HTTPHeaderValue.number(bytes[11..<13]),
            let minute = HTTPHeaderValue.number(bytes[14..<16]), let second = HTTPHeaderValue.number(bytes[17..<19])
        else { return nil }
        return UTCDate.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
