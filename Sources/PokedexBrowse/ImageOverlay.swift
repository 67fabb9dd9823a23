import TerminalImages

/// Pictures over the frame's cells: what goes from one frame to the next, written with the
/// cells' diff. A picture is written only when it appears, moves or changes, so keys that
/// change text elsewhere cost no image bytes.
public enum ImageOverlay {
    /// The output from `previous` with `shown` pictures over it to `next` with `images`: kitty
    /// pictures that went deleted, then the cells' diff, then pictures that came drawn over it.
    /// A kitty picture that only moved is placed again by id, its PNG not sent again, since a
    /// scroll moves every list row's. iTerm2 has no delete: the cells under a picture that went
    /// are rewritten, which erases it. A screen drawn whole (`previous` nil or another size)
    /// gets every picture again.
    public static func output(
        from previous: ScreenBuffer?, _ shown: [ImagePlacement], to next: ScreenBuffer, _ images: [ImagePlacement],
        depth: ColorDepth
    ) -> String {
        let whole = FrameDiff.drawsWhole(from: previous, to: next)
        /// Whether kitty holds `placement`'s picture under its id from the last frame and keeps it.
        func kept(_ placement: ImagePlacement, in frame: [ImagePlacement]) -> Bool {
            !whole && placement.image.imageProtocol == .kitty
                && frame.contains { $0.id == placement.id && $0.image == placement.image }
        }
        var previous = previous
        var deletes = ""
        for old in shown where whole || !images.contains(old) {
            if old.image.imageProtocol == .kitty {
                if !kept(old, in: images) { deletes += GraphicsProtocolEncoder.kittyDelete(id: old.id) }
            } else {
                previous?.forget(row: old.row, column: old.column, rows: old.image.rows, columns: old.image.columns)
            }
        }
        var draws = ""
        for new in images where whole || !shown.contains(new) {
            draws +=
                "\u{1B}[\(new.row + 1);\(new.column + 1)H"
                + (kept(new, in: shown) ? new.image.kittyPlacement(id: new.id) : new.image.sequence(id: new.id))
        }
        return deletes + FrameDiff.output(from: previous, to: next, depth: depth) + draws
    }
}
