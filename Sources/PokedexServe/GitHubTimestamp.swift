#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// GitHub's `since`: an ISO 8601 time (`2024-05-01T12:00:00Z`, an offset, fractional seconds,
/// or a date alone; a space for the `T`, as Python's `str(datetime)` writes it), as the UTC
/// text stored times compare with (`YYYY-MM-DDTHH:MM:SSZ`). A day its month does not have
/// (`2024-02-30`) is no time. A fraction of a second rounds up: stored times are whole
/// seconds, and one at 12:00:00 was not updated at or after 12:00:00.5.
enum GitHubTimestamp {
    static func utc(_ text: String) -> String? {
        var value = text.trimmingCharacters(in: " ")
        if value.utf8.count > 10, value.utf8.dropFirst(10).first == UInt8(ascii: " ") {
            let separator = value.utf8.index(value.startIndex, offsetBy: 10)
            value.replaceSubrange(separator...separator, with: "T")
        }
        // An unencoded `+` arrives as a space.
        if let space = value.lastIndex(of: " "), value[value.index(after: space)...].count >= 4 {
            value.replaceSubrange(space...space, with: "+")
        }
        let scalars = Array(value.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            return Int(String(decoding: scalars[range], as: UTF8.self))
        }
        guard scalars.count >= 10, scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), (1...daysIn(month, of: year)).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0, offset = 0, roundedUp = 0
        var rest = scalars[10...]
        if let separator = rest.first {
            // Seconds may be left out (`2024-05-01T12:00Z`), as ISO 8601 allows.
            let hasSeconds = scalars.count > 16 && scalars[16] == UInt8(ascii: ":")
            guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t"), scalars.count >= 16,
                scalars[13] == UInt8(ascii: ":"), let h = number(11..<13), let m = number(14..<16),
                let s = hasSeconds ? number(17..<19) : 0, h < 24, m < 60, s < 61
            else { return nil }
            (hour, minute, second) = (h, m, s)
            rest = scalars[(hasSeconds ? 19 : 16)...]
            if rest.first == UInt8(ascii: ".") {
                let digits = rest.dropFirst().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                if digits.contains(where: { $0 != UInt8(ascii: "0") }) { roundedUp = 1 }
                rest = rest.dropFirst(1 + digits.count)
            }
            switch rest.first {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                guard rest.count == 1 else { return nil }
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let digits = rest.dropFirst().filter { $0 != UInt8(ascii: ":") }
                guard digits.count == 4, let hours = Int(String(decoding: digits.prefix(2), as: UTF8.self)),
                    let minutes = Int(String(decoding: digits.suffix(2), as: UTF8.self)), hours < 24, minutes < 60
                else { return nil }
                offset = (hours * 3600 + minutes * 60) * (rest.first == UInt8(ascii: "-") ? -1 : 1)
            case nil: break
            default: return nil
            }
        }
        var time = tm()
        time.tm_year = Int32(year - 1900)
        time.tm_mon = Int32(month - 1)
        time.tm_mday = Int32(day)
        time.tm_hour = Int32(hour)
        time.tm_min = Int32(minute)
        time.tm_sec = Int32(second)
        var seconds = timegm(&time) - offset + roundedUp
        var utc = tm()
        gmtime_r(&seconds, &utc)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(utc.tm_year + 1900, 4))-\(padded(utc.tm_mon + 1, 2))-\(padded(utc.tm_mday, 2))T"
            + "\(padded(utc.tm_hour, 2)):\(padded(utc.tm_min, 2)):\(padded(utc.tm_sec, 2))Z"
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
