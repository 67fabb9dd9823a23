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

    /// `text` with each countdown it quotes ("until 2026-12-04T19:44:12Z (in 60 min 1 s)")
    /// counted from `now`, and said to have passed once it has: a run's error was written
    /// when the run ended, and a stale countdown reads as a wait still to come.
    static func refreshingCountdowns(in text: String, now: Int) -> String {
        text.replacing(#/until (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) \(in \d+ min \d+ s\)/#) { match in
            let time = String(match.output.1)
            guard let then = UTCTime.seconds(time), then > now else { return "until \(time) (passed)" }
            return "until \(time) (in \((then - now) / 60) min \((then - now) % 60) s)"
        }
    }
}
