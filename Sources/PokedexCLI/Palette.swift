/// The colours pokedex draws with, and the escape sequences that draw them: 256-colour codes,
/// or 24-bit ones where `COLORTERM` announces them. Every sequence is made here, from
/// pokedex's own numbers, never from data.
struct Palette: Equatable, Sendable {
    enum Depth: Equatable, Sendable {
        case indexed256, trueColor
    }

    /// What a run of text is coloured as.
    enum Color: Equatable, Sendable {
        /// A type's colour, by slug; one neutral colour for a type not in the palette.
        case type(String)
        /// A weakness: `severe` for 4×, else 2×.
        case weakness(severe: Bool)
        /// A base stat's band, by its value.
        case stat(Int)
        /// An issue's state.
        case open, closed
    }

    let depth: Depth

    /// 24-bit colour when `COLORTERM` is `truecolor` or `24bit`, else 256 colours.
    init(environment: [String: String]) {
        let announced = environment["COLORTERM", default: ""].lowercased()
        depth = announced == "truecolor" || announced == "24bit" ? .trueColor : .indexed256
    }

    init(depth: Depth) {
        self.depth = depth
    }

    /// The sequence that starts `emphasis`; nil for none.
    func start(_ emphasis: Emphasis) -> DisplayText? {
        var codes: [String] = emphasis.bold ? ["1"] : []
        if let color = emphasis.color {
            let rgb = Self.rgb(color)
            switch depth {
            case .trueColor: codes.append("38;2;\(rgb.red);\(rgb.green);\(rgb.blue)")
            case .indexed256: codes.append("38;5;\(Self.indexed256(rgb))")
            }
        }
        guard !codes.isEmpty else { return nil }
        return "\u{1B}[\(codes.joined(separator: ";"))m"
    }

    static let reset: DisplayText = "\u{1B}[0m"

    struct RGB: Equatable, Sendable {
        let red: Int
        let green: Int
        let blue: Int

        init(_ hex: Int) {
            red = hex >> 16 & 0xFF
            green = hex >> 8 & 0xFF
            blue = hex & 0xFF
        }
    }

    /// The 18 types' colours as the games' artwork draws them.
    static let typeColors: [String: RGB] = [
        "normal": RGB(0xA8A77A), "fire": RGB(0xEE8130), "water": RGB(0x6390F0), "electric": RGB(0xF7D02C),
        "grass": RGB(0x7AC74C), "ice": RGB(0x96D9D6), "fighting": RGB(0xC22E28), "poison": RGB(0xA33EA1),
        "ground": RGB(0xE2BF65), "flying": RGB(0xA98FF3), "psychic": RGB(0xF95587), "bug": RGB(0xA6B91A),
        "rock": RGB(0xB6A136), "ghost": RGB(0x735797), "dragon": RGB(0x6F35FC), "dark": RGB(0x705746),
        "steel": RGB(0xB7B7CE), "fairy": RGB(0xD685AD),
    ]

    /// Types outside the 18 (`stellar`, `unknown`, a partial sync's unnamed ones).
    static let neutralType = RGB(0x9E9E9E)

    static func rgb(_ color: Color) -> RGB {
        switch color {
        case .type(let slug): return typeColors[slug] ?? neutralType
        case .weakness(let severe): return severe ? RGB(0xFF3B30) : RGB(0xFF9500)
        case .stat(let value): return statBands.first { value < $0.below }?.color ?? RGB(0x00C2B8)
        case .open: return RGB(0x3FB950)
        case .closed: return RGB(0xA371F7)
        }
    }

    /// Base stats by band, low to high: red below 50 up to teal from 150.
    private static let statBands: [(below: Int, color: RGB)] = [
        (50, RGB(0xF34444)), (80, RGB(0xFF7F0F)), (100, RGB(0xFFDD57)), (120, RGB(0xA0E515)), (150, RGB(0x23CD5E)),
    ]

    /// The nearest of xterm's 256 colours: its 6×6×6 cube or its 24 greys.
    static func indexed256(_ rgb: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }!
        }
        func distance(_ red: Int, _ green: Int, _ blue: Int) -> Int {
            let (dr, dg, db) = (red - rgb.red, green - rgb.green, blue - rgb.blue)
            return dr * dr + dg * dg + db * db
        }
        let (r, g, b) = (nearestLevel(rgb.red), nearestLevel(rgb.green), nearestLevel(rgb.blue))
        let cube = (index: 16 + 36 * r + 6 * g + b, distance: distance(levels[r], levels[g], levels[b]))
        let grey = min(23, max(0, ((rgb.red + rgb.green + rgb.blue) / 3 - 3) / 10))
        let greyLevel = 8 + 10 * grey
        let greyDistance = distance(greyLevel, greyLevel, greyLevel)
        return greyDistance < cube.distance ? 232 + grey : cube.index
    }
}

/// How a run of text is drawn: bold, in a colour, both or neither.
struct Emphasis: Equatable, Sendable {
    var bold = false
    var color: Palette.Color?

    /// Headers, section titles and the entry's name.
    static let heading = Emphasis(bold: true)

    static func type(_ slug: String) -> Emphasis { Emphasis(color: .type(slug)) }

    static func weakness(severe: Bool) -> Emphasis { Emphasis(bold: true, color: .weakness(severe: severe)) }

    static func stat(_ value: Int) -> Emphasis { Emphasis(color: .stat(value)) }
}
