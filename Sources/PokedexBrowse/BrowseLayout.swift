/// Where the panes are on a screen of a given size: shared by the model (how far a page
/// moves) and the renderer (where it draws), so both agree.
public struct BrowseLayout: Equatable, Sendable {
    /// Below this nothing is drawn but a line saying so.
    public static let minimumColumns = 60
    public static let minimumRows = 16

    public let columns: Int
    public let rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var isTooSmall: Bool { columns < Self.minimumColumns || rows < Self.minimumRows }

    /// Rows between the title line and the key line.
    public var bodyRows: Int { max(0, rows - 2) }
    /// The Pokédex list's width; the entry takes the rest, after a one-column rule.
    public var listWidth: Int { min(40, max(26, columns * 2 / 5)) }
    /// Where the entry's tabs and text start, a blank column past the rule, and how wide they are.
    public var entryTextColumn: Int { listWidth + 2 }
    public var entryTextWidth: Int { max(0, columns - entryTextColumn) }
    /// Where an issue's thread starts and how wide it is: a blank column on either side.
    public var threadTextColumn: Int { 1 }
    public var threadTextWidth: Int { max(0, columns - 2) }
    /// The entry's text rows, under its section tabs.
    public var entryRows: Int { max(0, bodyRows - 1) }
}
