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
}
