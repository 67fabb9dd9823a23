import TextUtilities

/// What a terminal shows after the bytes a full-screen program wrote: the small part of a VT
/// parser `browse` needs (cursor moves, erase display, text with wide characters; colours and
/// modes are read past), so a test checks the screen a person sees rather than the bytes.
struct VirtualScreen {
    private(set) var rows: [[Character]]
    private var row = 0
    private var column = 0

    init(columns: Int, rows: Int) {
        self.rows = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen after `output`, from the last time the screen was cleared.
    init(_ output: String, columns: Int, rows: Int) {
        self.init(columns: columns, rows: rows)
        let start = output.range(of: "\u{1B}[2J", options: .backwards)?.lowerBound ?? output.startIndex
        feed(output[start...])
    }

    /// Each row's text.
    var lines: [String] { rows.map { String($0).replacingOccurrences(of: "\u{0}", with: "") } }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    mutating func feed(_ text: Substring) {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "\u{1B}" else {
                put(character)
                index = text.index(after: index)
                continue
            }
            index = escape(text, after: index)
        }
    }

    /// Reads one escape sequence; returns where the text resumes.
    private mutating func escape(_ text: Substring, after start: Substring.Index) -> Substring.Index {
        var index = text.index(after: start)
        guard index < text.endIndex else { return index }
        switch text[index] {
        case "[":
            index = text.index(after: index)
            var parameters = ""
            while index < text.endIndex, let ascii = text[index].asciiValue, !(0x40...0x7E).contains(ascii) {
                parameters.append(text[index])
                index = text.index(after: index)
            }
            guard index < text.endIndex else { return index }
            control(text[index], parameters)
            return text.index(after: index)
        case "_":
            // An APC (kitty's graphics): up to its ST.
            return text[index...].range(of: "\u{1B}\\")?.upperBound ?? text.endIndex
        default:
            return text.index(after: index)
        }
    }

    private mutating func control(_ final: Character, _ parameters: String) {
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
        switch final {
        case "H":
            row = max(0, (numbers.first ?? 1) - 1)
            column = max(0, (numbers.count > 1 ? numbers[1] : 1) - 1)
        case "J" where parameters == "2":
            for index in rows.indices { rows[index] = Array(repeating: " ", count: rows[index].count) }
        default:
            break
        }
    }

    private mutating func put(_ character: Character) {
        guard rows.indices.contains(row), column < rows[row].count else { return }
        let width = TerminalColumns.of(character)
        rows[row][column] = character
        if width == 2, column + 1 < rows[row].count { rows[row][column + 1] = "\u{0}" }
        column += max(1, width)
    }
}
