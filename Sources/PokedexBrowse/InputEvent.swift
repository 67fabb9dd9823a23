/// A key pressed or a mouse action, as the terminal reports it.
public enum InputEvent: Equatable, Sendable {
    /// A printable character.
    case character(Character)
    /// Ctrl with a letter (`c` for Ctrl-C), or another C0 control not named below.
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, tab, backTab, backspace, delete, escape
    /// The mouse wheel over a cell (column and row counted from 0).
    case wheel(up: Bool, column: Int, row: Int)
    /// A left click on a cell.
    case click(column: Int, row: Int)
    /// Text pasted while bracketed paste is on.
    case paste(String)
}
