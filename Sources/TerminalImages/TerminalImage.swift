import PNGDecoding

/// The one call a command makes to draw an image.
public enum TerminalImage {
    /// Terminal output that draws `png`, at most `maxColumns` cells wide, followed by a newline
    /// (empty when the image has no visible pixel).
    ///
    /// The image is decoded first, whatever the protocol, so a file that does not decode draws
    /// nothing. Half blocks show its visible pixels (alpha > 0) cropped out and, when wider than
    /// `maxColumns`, scaled down to it (one pixel a column, two a row). kitty shows the same
    /// crop over the same cells, scaled by the terminal from the PNG bytes themselves. iTerm2
    /// cannot crop: it shows the whole PNG at the width the half blocks would give it uncropped.
    public static func render(png: [UInt8], protocol: ImageProtocol, maxColumns: Int) throws(PNGDecodeError) -> String {
        switch `protocol` {
        case .iterm2, .kitty:
            guard let drawing = try cellImage(png: png, protocol: `protocol`, maxColumns: maxColumns) else { return "" }
            let sequence =
                `protocol` == .kitty
                ? GraphicsProtocolEncoder.kitty(
                    png: png, source: drawing.source, columns: drawing.columns, rows: drawing.rows)
                : GraphicsProtocolEncoder.iterm2(png: png, columns: drawing.columns)
            return sequence + "\n"
        case .truecolor, .ansi256:
            let image = try PNGDecoder.decode(png)
            guard let visible = image.visibleBounds() else { return "" }
            return HalfBlockEncoder.encode(
                halfBlockImage(image, visible: visible, maxColumns: max(1, maxColumns)),
                palette: `protocol` == .truecolor ? .truecolor : .xterm256)
        }
    }

    /// `png` for kitty or iTerm2 to draw at most `maxColumns` cells wide, with the box of cells
    /// it covers, as `render` draws it; nil for half blocks, or when no pixel is visible.
    public static func cellImage(
        png: [UInt8], protocol: ImageProtocol, maxColumns: Int
    ) throws(PNGDecodeError) -> CellImage? {
        let image = try PNGDecoder.decode(png)
        guard let visible = image.visibleBounds() else { return nil }
        let source: PixelRect
        switch `protocol` {
        case .kitty: source = visible
        case .iterm2: source = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        case .truecolor, .ansi256: return nil
        }
        let cells = image.cropped(to: source).size(fittingWidth: max(1, maxColumns))
        return CellImage(
            png: png, imageProtocol: `protocol`, source: source, columns: cells.width, rows: (cells.height + 1) / 2)
    }

    /// `png` for kitty to scale into exactly `columns × rows` cells, as a list row's icon: its
    /// visible pixels framed to the box's shape; nil when no pixel is visible.
    public static func kittyIcon(png: [UInt8], columns: Int, rows: Int) throws(PNGDecodeError) -> CellImage? {
        let image = try PNGDecoder.decode(png)
        guard let visible = image.visibleBounds() else { return nil }
        return CellImage(
            png: png, imageProtocol: .kitty,
            source: visible.framed(columns: columns, rows: rows, within: image.width, image.height),
            columns: columns, rows: rows)
    }

    /// The half-block cells of `png` at most `maxColumns` wide, for a program that draws cells
    /// itself: the same drawing `render` writes as half blocks.
    public static func halfBlocks(png: [UInt8], maxColumns: Int) throws(PNGDecodeError) -> [[HalfBlockCell]] {
        let image = try PNGDecoder.decode(png)
        guard let visible = image.visibleBounds() else { return [] }
        return HalfBlockEncoder.rows(halfBlockImage(image, visible: visible, maxColumns: max(1, maxColumns)))
    }

    /// The visible pixels, scaled down to `maxColumns` where wider: one pixel a column.
    private static func halfBlockImage(_ image: RGBAImage, visible: PixelRect, maxColumns: Int) -> RGBAImage {
        let cropped = image.cropped(to: visible)
        let size = cropped.size(fittingWidth: maxColumns)
        return cropped.scaled(toWidth: size.width, height: size.height)
    }
}
