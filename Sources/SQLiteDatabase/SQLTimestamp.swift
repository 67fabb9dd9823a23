/// The one way timestamps are written in SQL: UTC, ISO 8601 to the second
/// ("2026-11-30T02:00:00Z"), text that sorts in time order and that `UTCTime` also gives.
/// Spliced into SQL text as a constant expression; values are still always bound.
public enum SQLTimestamp {
    /// The current time.
    public static let now = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
    /// The current time moved by a bound modifier (`?`, e.g. '-3600 seconds').
    public static let nowShiftedByParameter = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?)"
}
