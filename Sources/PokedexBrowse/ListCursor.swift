/// The selected row of a list and the first row shown, kept so that the selection is always
/// in view: what every list and scrolled pane of `browse` moves.
public struct ListCursor: Equatable, Sendable {
    public private(set) var selection = 0
    public private(set) var top = 0

    public init(selection: Int = 0, top: Int = 0) {
        self.selection = selection
        self.top = top
    }

    /// Moves the selection by `delta` rows among `count`, scrolling a window of `visible` rows.
    public mutating func move(by delta: Int, count: Int, visible: Int) {
        select(selection + delta, count: count, visible: visible)
    }

    public mutating func select(_ row: Int, count: Int, visible: Int) {
        selection = max(0, min(count - 1, row))
        keepInView(count: count, visible: visible)
    }

    /// Scrolls without moving the selection out of view (the mouse wheel).
    public mutating func scroll(by delta: Int, count: Int, visible: Int) {
        top = max(0, min(max(0, count - visible), top + delta))
        selection = max(top, min(top + visible - 1, selection))
        keepInView(count: count, visible: visible)
    }

    /// After the list or the window changed size: the selection in range and in view.
    public mutating func keepInView(count: Int, visible: Int) {
        selection = max(0, min(max(0, count - 1), selection))
        if selection < top { top = selection }
        if visible > 0, selection >= top + visible { top = selection - visible + 1 }
        top = max(0, min(top, max(0, count - visible)))
    }

    /// The keys every list answers the same way; whether `event` was one of them. A click on
    /// row `r` of the screen selects the list's row under it (the list starts on row 1).
    public mutating func move(for event: InputEvent, count: Int, visible: Int) -> Bool {
        let page = max(1, visible - 1)
        switch event {
        case .down, .character("j"): move(by: 1, count: count, visible: visible)
        case .up, .character("k"): move(by: -1, count: count, visible: visible)
        case .pageDown, .control("f"): move(by: page, count: count, visible: visible)
        case .pageUp, .control("b"): move(by: -page, count: count, visible: visible)
        case .home, .character("g"): select(0, count: count, visible: visible)
        case .end, .character("G"): select(count - 1, count: count, visible: visible)
        case .wheel(let up, _, _): scroll(by: up ? -3 : 3, count: count, visible: visible)
        case .click(_, let row) where row >= 1 && row <= visible: select(top + row - 1, count: count, visible: visible)
        default: return false
        }
        return true
    }
}
