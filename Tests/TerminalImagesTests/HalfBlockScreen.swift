import Testing

/// A small terminal for half-block output: it runs the SGR sequences and glyphs the encoder
/// may write and gives back the pixels a terminal would show (nil where the terminal's own
/// background shows through). Anything else the encoder wrote is recorded as a problem.
struct HalfBlockScreen {
    enum Colour: Equatable, CustomStringConvertible {
        case rgb(UInt8, UInt8, UInt8)
        case indexed(UInt8)
        var description: String {
            switch self {
            case .rgb(let red, let green, let blue): "rgb(\(red),\(green),\(blue))"
            case .indexed(let index): "#\(index)"
            }
        }
    }

    /// Rows of pixels, two per line of text; rows are as long as their line (blank tails left out).
    private(set) var pixelRows: [[Colour?]] = []
    private(set) var problems: [String] = []

    init(_ output: String) {
        var foreground: Colour?
        var background: Colour?
        var upper: [Colour?] = []
        var lower: [Colour?] = []
        var scalars = Array(output.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\u{1B}":
                guard scalars.popFirst() == "[" else {
                    problems.append("ESC not followed by [")
                    continue
                }
                var parameters = ""
                while let next = scalars.first, next != "m" {
                    parameters.unicodeScalars.append(next)
                    scalars.removeFirst()
                }
                guard scalars.popFirst() == "m" else {
                    problems.append("unterminated CSI \(parameters)")
                    continue
                }
                var values = parameters.split(separator: ";", omittingEmptySubsequences: false).compactMap {
                    UInt8($0)
                }[...]
                while let value = values.popFirst() {
                    switch value {
                    case 0: (foreground, background) = (nil, nil)
                    case 39: foreground = nil
                    case 49: background = nil
                    case 38, 48:
                        let colour: Colour?
                        switch values.popFirst() {
                        case 2:
                            let channels = Array(values.prefix(3))
                            values = values.dropFirst(3)
                            colour = channels.count == 3 ? .rgb(channels[0], channels[1], channels[2]) : nil
                        case 5: colour = values.popFirst().map(Colour.indexed)
                        default: colour = nil
                        }
                        if colour == nil { problems.append("bad colour in \(parameters)") }
                        if value == 38 { foreground = colour } else { background = colour }
                    default: problems.append("unexpected SGR \(value) in \(parameters)")
                    }
                }
            case "▀":
                if foreground == nil { problems.append("▀ without a foreground colour") }
                upper.append(foreground)
                lower.append(background)
            case "▄":
                if foreground == nil { problems.append("▄ without a foreground colour") }
                upper.append(background)
                lower.append(foreground)
            case " ":
                if background != nil { problems.append("a space with a background colour") }
                upper.append(nil)
                lower.append(nil)
            case "\n":
                pixelRows += [upper, lower]
                (upper, lower) = ([], [])
                if foreground != nil || background != nil { problems.append("line ended with colours still set") }
            default:
                problems.append("unexpected character U+\(String(scalar.value, radix: 16))")
            }
        }
        if !upper.isEmpty { problems.append("output does not end with a newline") }
        for (number, line) in output.split(separator: "\n").enumerated() where !line.hasSuffix("\u{1B}[0m") {
            problems.append("line \(number) does not end with a reset")
        }
    }

    /// The pixel at (x, y); nil (transparent) beyond a row's written cells.
    func pixel(_ x: Int, _ y: Int) -> Colour? {
        y < pixelRows.count && x < pixelRows[y].count ? pixelRows[y][x] : nil
    }
}
