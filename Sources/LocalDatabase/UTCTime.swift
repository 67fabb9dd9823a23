import SQLiteDatabase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The current time as pokedex writes it everywhere: UTC, ISO 8601, whole seconds
/// ("2026-11-30T02:00:00Z"), the same text the store's SQL writes (`SQLTimestamp`).
public enum UTCTime {
    public static func now() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, SQLTimestamp.format, &parts)
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Seconds since 1970 now.
    public static func nowSeconds() -> Int { Int(time(nil)) }

    /// Seconds since 1970 of a time as pokedex writes them; nil for any other text.
    public static func seconds(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        // "2026-11-30T02:00:00Z": digits at fixed places, separators between.
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        return Int(timegm(&parts))
    }
}
