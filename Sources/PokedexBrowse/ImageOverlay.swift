import TerminalImages

/// Pictures over the frame's cells: what goes from one frame to the next, written with the
/// cells' diff. A picture is written only when it appears, moves or changes, so keys that
/// change text elsewhere cost no image bytes.
public enum ImageOverlay {
    /// The output from `previous` with `shown` pictures over it to `next` with `images`: kitty
    /// pictures that went deleted, then the cells' diff, then pictures that came drawn over it.
    /// iTerm2 has no delete: the cells under a picture that went are rewritten, which erases
    /// it. A screen drawn whole (`previous` nil or another size) gets every picture again.
    public static func output(
        from previous: ScreenBuffer?, _ shown: [ImagePlacement], to next: ScreenBuffer, _ images: [ImagePlacement],
        depth: ColorDepth
    ) -> String {
        let whole = FrameDiff.drawsWhole(from: previous, to: next)
        var previous = previous
        var deletes = ""
        for old in shown where whole || !images.contains(old) {
            if old.image.imageProtocol == .kitty {
                deletes += GraphicsProtocolEncoder.kittyDelete(id: old.id)
            } else {
                previous?.forget(row: old.row, column: old.column, rows: old.image.rows, columns: old.image.columns)
            }
        }
        var draws = ""
        for new in images where whole || !shown.contains(new) {
            draws += "\u{1B}[\(new.row + 1);\(new.column + 1)H" + new.image.sequence(id: new.id)
        }
        return deletes + FrameDiff.output(from: previous, to: next, depth: depth) + draws
    }
}
