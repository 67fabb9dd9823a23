import TerminalImages

/// A picture on the screen: where its box's top left cell is, and what draws it there.
public struct ImagePlacement: Equatable, Sendable {
    public let id: Int
    public let row: Int
    public let column: Int
    public let image: CellImage

    public init(id: Int, row: Int, column: Int, image: CellImage) {
        self.id = id
        self.row = row
        self.column = column
        self.image = image
    }
}
