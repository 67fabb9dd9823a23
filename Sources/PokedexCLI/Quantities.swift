/// Sizes and durations as pokedex prints them, without Foundation's formatters.
public enum Quantities {
    /// "812 B", "14.2 kB", "179.3 MB" (decimal units).
    public static func bytes(_ count: Int) -> String {
        if count < 1_000 { return "\(count) B" }
        if count < 1_000_000 { return fixed(Double(count) / 1_000, decimals: 1) + " kB" }
        return fixed(Double(count) / 1_000_000, decimals: 1) + " MB"
    }

    /// "1 page", "0 pages", "1,353 requests": the count, thousands grouped, with its noun,
    /// singular for one only.
    public static func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        thousands(count) + " " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// A budget's rest: "4,980 of 5,000 left", "12 left" when its size is unknown.
    public static func left(_ remaining: Int, of limit: Int?) -> String {
        thousands(remaining) + (limit.map { " of " + thousands($0) } ?? "") + " left"
    }

    /// "1,000": counts as people write them.
    public static func thousands(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// "2.51 s"
    public static func seconds(_ duration: Duration) -> String {
        fixed(secondsValue(duration), decimals: 2) + " s"
    }

    public static func secondsValue(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `value` with `decimals` places (1…9). Not finite, or beyond ±1e15 where a double has
    /// no decimals left, it is written as Swift describes it: never a trapping conversion.
    static func fixed(_ value: Double, decimals: Int) -> String {
        let decimals = min(max(decimals, 1), 9)
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaledValue = (value * Double(scale)).rounded()
        guard scaledValue.isFinite, scaledValue.magnitude < 1e15 else { return "\(value)" }
        let scaled = Int(scaledValue)
        let fraction = String(scaled.magnitude % UInt(scale))
        return (scaled < 0 ? "-" : "") + "\(scaled.magnitude / UInt(scale))."
            + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
