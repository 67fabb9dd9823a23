/// Durations as cron users write them: a number with a unit (90s, 30m, 6h, 2d, 1w), several
/// in a row (1h30m), or a bare 0.
enum DurationText {
    /// Ten years: longer is a typo, not a policy.
    static let maximumSeconds = 10 * 365 * 86_400

    private static let unitSeconds: [Character: Int] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]

    static func seconds(_ text: String) -> Int? {
        parsed(text).flatMap { $0 <= maximumSeconds ? $0 : nil }
    }

    /// Whether `text` is a duration, only longer than ``maximumSeconds``.
    static func isBeyondMaximum(_ text: String) -> Bool { (parsed(text) ?? 0) > maximumSeconds }

    /// `text` in seconds, any past ``maximumSeconds`` as one more than it; nil when it is no
    /// duration.
    private static func parsed(_ text: String) -> Int? {
        if text == "0" { return 0 }
        var total = 0
        var digits = ""
        for character in text.lowercased() {
            if character.isASCII && character.isNumber {
                digits.append(character)
            } else if let unit = unitSeconds[character], !digits.isEmpty {
                let value = Int(digits).map { $0.multipliedReportingOverflow(by: unit) }
                let seconds = value.flatMap { $0.overflow ? nil : $0.partialValue } ?? .max
                total = min(total + min(seconds, maximumSeconds + 1), maximumSeconds + 1)
                digits = ""
            } else {
                return nil
            }
        }
        return digits.isEmpty && !text.isEmpty ? total : nil
    }
}
