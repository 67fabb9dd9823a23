import LocalDatabase

/// A time as `status` shows it: UTC as stored, and how long ago in words a person reads at a
/// glance ("2026-12-03T05:08:51Z, 3 h ago").
enum RelativeTime {
    /// `utc` with how long before `now` (seconds since 1970) it was; `utc` alone when it is
    /// not a time pokedex wrote.
    static func described(_ utc: String, now: Int) -> String {
        guard let then = UTCTime.seconds(utc) else { return utc }
        return "\(utc), \(ago(now - then))"
    }

    static func ago(_ seconds: Int) -> String {
        switch seconds {
        case ..<(-60): "in the future"
        case ..<60: "just now"
        case ..<3_600: "\(seconds / 60) min ago"
        case ..<172_800: "\(seconds / 3_600) h ago"
        default: "\(seconds / 86_400) days ago"
        }
    }
}
