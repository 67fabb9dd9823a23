/// JavaScript's `parseInt(text)` (no radix), which pokeapi.co and GitHub's list parameters are
/// read with: leading whitespace and a sign, then the longest run of digits (hexadecimal
/// after `0x`); nil where JavaScript gives NaN. Values are kept within JavaScript's exact
/// integers, so that page arithmetic on them cannot overflow.
enum JavaScriptInteger {
    static let largest = 1 << 53

    static func parse(_ text: String?) -> Int? {
        guard let text else { return nil }
        var scalars = Substring(text).unicodeScalars.drop { $0.properties.isWhitespace || $0 == "\u{FEFF}" }
        var sign = 1
        if let first = scalars.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            scalars = scalars.dropFirst()
        }
        var radix = 10
        if scalars.starts(with: "0x".unicodeScalars) || scalars.starts(with: "0X".unicodeScalars) {
            radix = 16
            scalars = scalars.dropFirst(2)
        }
        var value = 0
        var digits = 0
        for scalar in scalars {
            guard scalar.isASCII, let digit = Int(String(scalar), radix: radix) else { break }
            value = min(value * radix + digit, largest)
            digits += 1
        }
        return digits == 0 ? nil : sign * value
    }
}
