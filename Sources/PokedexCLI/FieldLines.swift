import TextUtilities

/// Lines of labelled fields, as `show`, `type`, `ability` and `issue` print them: the label in
/// a 12-column margin, its value wrapped beside it within the width, each further line of it
/// under the first.
struct FieldLines {
    static let labelWidth = 12

    let width: Int
    private(set) var lines: [StyledText] = []

    init(width: Int) {
        self.width = width
    }

    /// The columns beside the labels; never so few that a word has no room at all.
    var valueWidth: Int { max(8, width - Self.labelWidth) }

    /// A line of its own, wrapped to the width.
    mutating func add(_ line: StyledText) {
        lines += line.wrapped(width: max(8, width))
    }

    /// A line of code, cut into pieces of the width where it is wider, as a terminal wraps it:
    /// broken at spaces, a code line's start would stand alone above its rest.
    mutating func addCut(_ line: String) {
        var rest = Substring(line)
        repeat {
            var piece = TerminalColumns.prefix(of: rest, fitting: max(8, width))
            // A character wider than the whole width goes alone rather than never.
            if piece.isEmpty { piece = rest.prefix(1) }
            lines.append(StyledText(String(piece)))
            rest = rest[piece.endIndex...]
        } while !rest.isEmpty
    }

    mutating func field(_ label: String, _ value: String) {
        field(label, StyledText(value))
    }

    mutating func field(_ label: String, _ value: StyledText) {
        field(label, laidOut: value.wrapped(width: valueWidth))
    }

    /// Several values under one label, each wrapped.
    mutating func field(_ label: String, lines values: [StyledText]) {
        field(label, laidOut: values.flatMap { $0.wrapped(width: valueWidth) })
    }

    /// Lines already within `valueWidth`: the first beside the label, the others under it.
    mutating func field(_ label: String, laidOut values: [StyledText]) {
        for (index, value) in values.enumerated() {
            let margin = index == 0 ? Self.pad(label) : String(repeating: " ", count: Self.labelWidth)
            lines.append(StyledText(margin) + value)
        }
    }

    /// `label` and spaces to the margin's width, or one space after it where it is wider.
    static func pad(_ label: String) -> String {
        let columns = TerminalColumns.of(TerminalText.sanitize(label))
        return columns >= labelWidth ? label + " " : label + String(repeating: " ", count: labelWidth - columns)
    }
}
