/// The one way timestamps are written: UTC, ISO 8601 to the second ("2026-11-30T02:00:00Z"),
/// text that sorts in time order. SQL gets it as constant expressions spliced into statement
/// text (values are still always bound); Swift code formats with the same `format`.
public enum SQLTimestamp {
    /// The strftime(3) format, which SQLite's strftime() shares.
    public static let format = "%Y-%m-%dT%H:%M:%SZ"
    /// The current time.
    public static let now = "strftime('\(format)', 'now')"
    /// The current time moved by a bound modifier (`?`, e.g. '-3600 seconds').
    public static let nowShiftedByParameter = "strftime('\(format)', 'now', ?)"
}
