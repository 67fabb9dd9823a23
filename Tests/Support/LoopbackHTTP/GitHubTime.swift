import Foundation

/// UTC calendar arithmetic at whole seconds, without Calendar/DateFormatter (which are slow and
/// locale-sensitive); GitHub's wire format is always `YYYY-MM-DDTHH:MM:SSZ`.
enum GitHubTime {
    static func seconds(_ date: Date) -> Int64 {
        Int64(floor(date.timeIntervalSince1970))
    }

    static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    static func epoch(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64 {
        daysFromCivil(year: year, month: month, day: day) * 86_400
            + Int64(hour * 3_600 + minute * 60 + second)
    }

    /// `2019-01-01T00:00:00Z`.
    static func iso(_ seconds: Int64) -> String {
        let (date, time) = split(seconds)
        return "\(date)T\(time)Z"
    }

    static func iso(_ date: Date) -> String { iso(seconds(date)) }

    /// `2019-01-01 00:00:00 UTC`, as in GitHub's rate-limit messages.
    static func support(_ seconds: Int64) -> String {
        let (date, time) = split(seconds)
        return "\(date) \(time) UTC"
    }

    /// Parses what GitHub accepts for `since`: `YYYY-MM-DD`, or
    /// `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z`, `±HH:MM`, `±HHMM` or nothing (UTC).
    /// An unencoded `+` in a query arrives as a space, so ` HH:MM` counts as `+HH:MM`.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + width] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }
        func take(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(epoch(year: year, month: month, day: day))
        if index == bytes.count { return seconds }
        guard take("Tt "), let hour = number(2), take(":"), let minute = number(2),
            hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3_600 + minute * 60)
        if take(":") {
            guard let second = number(2), second <= 60 else { return nil }
            seconds += Double(second)
            if take(".,") {
                var scale = 0.1
                let start = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    seconds += Double(bytes[index] - UInt8(ascii: "0")) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        if index == bytes.count || (take("Zz") && index == bytes.count) { return seconds }
        guard index < bytes.count, "+- ".utf8.contains(bytes[index]) else { return nil }
        let sign: Double = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let offsetHours = number(2) else { return nil }
        _ = take(":")
        guard let offsetMinutes = number(2), index == bytes.count, offsetHours < 24, offsetMinutes < 60
        else { return nil }
        return seconds - sign * Double(offsetHours * 3_600 + offsetMinutes * 60)
    }

    private static func split(_ seconds: Int64) -> (date: String, time: String) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civilFromDays(days)
        let date = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        let time = "\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        return (date, time)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian, 1970-01-01 = 0).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }
}
