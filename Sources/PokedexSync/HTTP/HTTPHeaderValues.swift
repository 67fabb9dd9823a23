#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Numbers and dates in response headers, read strictly: a server (or whatever sits in front of
/// it) can send `nan`, `inf`, `1e300`, `-5`, `0x10` or 30 digits, and none of them may trap or
/// become a wait nobody meant. Whatever does not parse is treated as absent.
enum HTTPHeaderValue {
    /// A count as GitHub's rate-limit headers send it: decimal digits only (surrounding spaces
    /// and tabs allowed, as RFC 9110 strips them), at most `maximum`.
    static func count(_ text: String?, maximum: Int = Int(Int32.max)) -> Int? {
        guard let digits = text.map(trimmed), !digits.isEmpty, digits.count <= 18,
            digits.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }), let value = Int(digits), value <= maximum
        else { return nil }
        return value
    }

    /// The latest instant a header may name: 9999-12-31T23:59:59Z, so that any date read here
    /// formats as RFC 3339 and converts to whole seconds without overflow.
    static let latestEpochSecond = 253_402_300_799

    /// `X-RateLimit-Reset`: Unix seconds, from 0 to ``latestEpochSecond``.
    static func epochSeconds(_ text: String?) -> Date? {
        count(text, maximum: latestEpochSecond).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// `Retry-After` (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date (IMF-fixdate, the form
    /// servers send) turned into the time left from `now` (zero if it has passed). Longer
    /// than `maximum` is clamped to it: callers bound it again by their own budget.
    static func retryAfter(_ text: String?, now: Date, maximum: Duration = .seconds(86_400)) -> Duration? {
        guard let text else { return nil }
        let seconds: Int
        let digits = trimmed(text)
        if !digits.isEmpty, digits.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) {
            seconds = Int(digits) ?? .max  // more digits than an Int holds: longer than any budget
        } else if let date = httpDate(text) {
            let left = date.timeIntervalSince(now)
            // Both are within 0…year 9999 here, so the difference is finite and small.
            seconds = left.isFinite && left > 0 ? Int(min(left.rounded(.up), 1e12)) : 0
        } else {
            return nil
        }
        let maximumSeconds = maximum.components.seconds
        return seconds >= maximumSeconds ? maximum : .seconds(seconds)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, the only form RFC 9110 lets servers send.
    static func httpDate(_ text: String) -> Date? {
        let bytes = Array(trimmed(text).utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20, bytes[7] == 0x20,
            bytes[11] == 0x20, bytes[16] == 0x20, bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"),
            bytes[25] == 0x20, String(decoding: bytes[26...], as: UTF8.self) == "GMT",
            ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].contains(String(decoding: bytes[0..<3], as: UTF8.self)),
            let month = months.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
            let day = number(bytes[5..<7]), let year = number(bytes[12..<16]), let hour = number(bytes[17..<19]),
            let minute = number(bytes[20..<22]), let second = number(bytes[23..<25])
        else { return nil }
        return UTCDate.date(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func trimmed(_ text: String) -> String {
        String(text.withoutOptionalWhitespace)
    }
}

extension StringProtocol {
    /// Without the characters `isTrimmed` picks at either end.
    func trimmed(where isTrimmed: (Character) -> Bool) -> SubSequence {
        let start = firstIndex { !isTrimmed($0) } ?? endIndex
        let end = lastIndex { !isTrimmed($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }

    /// Without the spaces and tabs HTTP allows around a header value or parameter (RFC 9110's OWS).
    var withoutOptionalWhitespace: SubSequence { trimmed { $0 == " " || $0 == "\t" } }
}

/// Calendar dates in UTC without Foundation's calendars: fixed-width fields checked for range
/// (days per month and leap years included), then days since 1970 by the days-from-civil rule.
enum UTCDate {
    static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        guard (0...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
