/// A PNG that kitty or iTerm2 draws over a box of cells, for a program that lays its cells out
/// itself and places the picture over blank ones (`TerminalImage.cellImage`).
public struct CellImage: Equatable, Sendable {
    public let png: [UInt8]
    /// `kitty` or `iterm2`.
    public let imageProtocol: ImageProtocol
    /// The pixels shown: the visible ones for kitty; the whole picture for iTerm2, which cannot crop.
    public let source: PixelRect
    public let columns: Int
    public let rows: Int

    public init(png: [UInt8], imageProtocol: ImageProtocol, source: PixelRect, columns: Int, rows: Int) {
        self.png = png
        self.imageProtocol = imageProtocol
        self.source = source
        self.columns = columns
        self.rows = rows
    }

    /// The sequence that draws it from the cursor over its box, with no newline after it: the
    /// program moves the cursor itself. kitty knows it by `id`, which deletes it.
    public func sequence(id: Int) -> String {
        imageProtocol == .kitty
            ? GraphicsProtocolEncoder.kitty(png: png, source: source, columns: columns, rows: rows, id: id)
            : GraphicsProtocolEncoder.iterm2(png: png, columns: columns, rows: rows)
    }

    /// kitty's sequence that shows it again from the cursor, its PNG sent before under `id` by
    /// `sequence(id:)`: a picture that moves is placed anew, not sent again.
    public func kittyPlacement(id: Int) -> String {
        GraphicsProtocolEncoder.kittyPlace(id: id, source: source, columns: columns, rows: rows)
    }
}
