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
        let image = try PNGDecoder.decode(png)
        let maxColumns = max(1, maxColumns)
        guard let visible = image.visibleBounds() else { return "" }
        switch `protocol` {
        case .iterm2:
            return GraphicsProtocolEncoder.iterm2(png: png, columns: image.size(fittingWidth: maxColumns).width)
        case .kitty:
            let cells = image.cropped(to: visible).size(fittingWidth: maxColumns)
            return GraphicsProtocolEncoder.kitty(
                png: png, source: visible, columns: cells.width, rows: (cells.height + 1) / 2)
        case .truecolor, .ansi256:
            return HalfBlockEncoder.encode(
                halfBlockImage(image, visible: visible, maxColumns: maxColumns),
                palette: `protocol` == .truecolor ? .truecolor : .xterm256)
        }
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
