/// Durations as cron users write them: a number with a unit (90s, 30m, 6h, 2d, 1w), several
/// in a row (1h30m), or a bare 0.
enum DurationText {
    /// Ten years: longer is a typo, not a policy.
    static let maximumSeconds = 10 * 365 * 86_400

    private static let unitSeconds: [Character: Int] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]

    static func seconds(_ text: String) -> Int? {
        if text == "0" { return 0 }
        var total = 0
        var digits = ""
        for character in text.lowercased() {
            if character.isASCII && character.isNumber {
                digits.append(character)
            } else if let unit = unitSeconds[character], !digits.isEmpty, let value = Int(digits),
                value <= maximumSeconds
            {
                total += value * unit
                digits = ""
                guard total <= maximumSeconds else { return nil }
            } else {
                return nil
            }
        }
        return digits.isEmpty && !text.isEmpty ? total : nil
    }
}
