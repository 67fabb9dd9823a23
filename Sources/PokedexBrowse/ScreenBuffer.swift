import TextUtilities

/// A frame as a grid of cells, each holding one character (a grapheme: a base with its
/// combining marks) and its style. A wide character takes two cells: its own and a
/// continuation that holds nothing. Text is sanitized as it is put, so that no escape sequence
/// from data reaches a cell.
public struct ScreenBuffer: Equatable, Sendable {
    public struct Cell: Hashable, Sendable {
        /// One character; empty in a wide character's second cell.
        public var text: String
        public var style: CellStyle

        public static let blank = Cell(text: " ", style: .plain)
        /// What a cell holds when what the terminal shows there is not known (a picture was
        /// drawn over it): an escape, which `put` never leaves in a cell, so it differs from
        /// any cell of the next frame and the diff rewrites it.
        static let unknown = Cell(text: "\u{1B}", style: .plain)
        var isContinuation: Bool { text.isEmpty }
    }

    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * columns + column]
    }

    /// The row's characters, continuations left out: what a person reads there.
    public func text(ofRow row: Int) -> String {
        (0..<columns).map { self[row, $0].text }.joined()
    }

    /// Fills `width` cells from `column` with spaces in `style`.
    public mutating func fill(row: Int, column: Int, width: Int, style: CellStyle) {
        for index in column..<min(columns, column + max(0, width)) {
            set(Cell(text: " ", style: style), row: row, column: index)
        }
    }

    /// Writes `text` from `column`, in at most `width` cells (to the row's end by default),
    /// sanitized: control characters shown as `^X`. A wide character that would straddle the
    /// limit is left out. Returns the columns used.
    @discardableResult
    public mutating func put(
        _ text: String, row: Int, column: Int, width: Int? = nil, style: CellStyle = .plain
    ) -> Int {
        guard row >= 0, row < rows, column >= 0 else { return 0 }
        let limit = min(columns, column + (width ?? columns))
        var next = column
        for character in TerminalText.sanitize(text) {
            // A zero-width character alone (a joiner, a stray mark) draws nothing.
            let cellWidth = min(2, TerminalColumns.of(character))
            guard cellWidth > 0 else { continue }
            guard next + cellWidth <= limit else { break }
            set(Cell(text: String(character), style: style), row: row, column: next)
            if cellWidth == 2 { set(Cell(text: "", style: style), row: row, column: next + 1) }
            next += cellWidth
        }
        return next - column
    }

    /// Marks `rows × columns` cells from `row`, `column` as unknown (`Cell.unknown`).
    mutating func forget(row: Int, column: Int, rows: Int, columns: Int) {
        for line in max(0, row)..<min(self.rows, row + rows) {
            for index in max(0, column)..<min(self.columns, column + columns) {
                cells[line * self.columns + index] = .unknown
            }
        }
    }

    /// Sets a cell, blanking the other half of a wide character it overwrites.
    private mutating func set(_ cell: Cell, row: Int, column: Int) {
        let index = row * columns + column
        let old = cells[index]
        if old.isContinuation, column > 0, !cell.isContinuation {
            cells[index - 1] = Cell(text: " ", style: cells[index - 1].style)
        }
        if !old.isContinuation, column + 1 < columns, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(text: " ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }
}
