import TextUtilities

/// Left-aligned columns separated by two spaces, padded by terminal columns (ピカチュウ takes
/// ten), fitted to a width: where the natural widths are too wide, yielding columns give way
/// first, then the widest column that may shrink loses a column at a time; cells are cut with
/// `…`. The last column is not padded, and a line still too wide (columns that keep their
/// width on a narrow terminal) is cut at the width.
struct TextTable {
    var header: [String]
    var rows: [[StyledText]]
    /// Columns that keep their width however narrow the terminal: numbers, dates.
    var fixedColumns: Set<Int> = []
    /// Columns that give way first, down to these widths, before the widest is narrowed: an
    /// author's long login, where the title is what people read.
    var yieldingColumns: [Int: Int] = [:]

    /// The header (bold) and the rows, within `width` columns.
    func lines(width: Int) -> [StyledText] {
        let all = [header.map { StyledText($0, .heading) }] + rows
        let widths = fitted(
            width: width, natural: header.indices.map { column in all.map { $0[column].columns }.max()! })
        return all.map { row in
            row.enumerated().map { column, cell in
                let cut = cell.truncated(to: widths[column])
                return column == row.count - 1 ? cut : cut.padded(to: widths[column])
            }.joined(separator: "  ").truncated(to: width)
        }
    }

    /// Each column's width, the widest shrinkable one (the later on a tie) narrowed until the
    /// whole fits: down to its header's width, then, where that is still too wide, to a few
    /// columns, so that every column keeps a start of its cells.
    private func fitted(width: Int, natural: [Int]) -> [Int] {
        var widths = natural
        var excess = widths.reduce(0, +) + 2 * (widths.count - 1) - width
        for (column, yielded) in yieldingColumns.sorted(by: { $0.key < $1.key }) where excess > 0 {
            let given = min(excess, max(0, widths[column] - max(yielded, TerminalColumns.of(header[column]))))
            widths[column] -= given
            excess -= given
        }
        for smallest in [{ TerminalColumns.of(header[$0]) }, { _ in 0 }] as [(Int) -> Int] {
            let floors = natural.indices.map { column in
                fixedColumns.contains(column) ? natural[column] : min(natural[column], max(4, smallest(column)))
            }
            while excess > 0 {
                var widest: Int?
                for column in widths.indices where widths[column] > floors[column] {
                    if widest.map({ widths[column] >= widths[$0] }) ?? true { widest = column }
                }
                guard let widest else { break }
                widths[widest] -= 1
                excess -= 1
            }
        }
        return widths
    }
}
