/// The `?` overlay: the keys of the screen shown, in a box over it, until the next key. Lines
/// are short enough for the box of the smallest screen browse draws (`BrowseLayout.minimum…`).
enum BrowseHelp {
    static let pokedex = [
        "Pokédex keys",
        "↑ ↓  j k         move; in an entry, its links or text",
        "PgUp PgDn        a page; g G, Home End: first, last",
        "mouse wheel      scroll the list or pane under it",
        "/, typing        search names in any language;",
        "                 type:fire gen:1 ability:static",
        "                 learns:thunderbolt",
        "Enter  → l       open the entry; on a link, go there",
        "Tab S-Tab 1-5    the entry's sections",
        "Esc  Backspace   back the way you came",
        "Ctrl-L  Ctrl-Z   redraw; suspend (fg comes back)",
        "q  Ctrl-C        quit",
    ]

    static let issues = [
        "Issue keys",
        "↑ ↓  j k         move",
        "PgUp PgDn        a page; g G, Home End: first, last",
        "mouse wheel      scroll",
        "/, typing        filter a repository's issues: words,",
        "                 state:all, label:bug, author:LOGIN,",
        "                 is:pr, label:\"good first issue\", #43",
        "Enter            open the repository or the thread",
        "Esc  Backspace   back",
        "Ctrl-L  Ctrl-Z   redraw; suspend (fg comes back)",
        "q  Ctrl-C        quit",
    ]

    static func draw(_ lines: [String], on screen: inout ScreenBuffer) {
        let width = min(screen.columns - 2, 60)
        let height = min(screen.rows - 2, lines.count + 2)
        let left = (screen.columns - width) / 2
        let top = (screen.rows - height) / 2
        let border = CellStyle(bold: true)
        screen.put("┌" + String(repeating: "─", count: width - 2) + "┐", row: top, column: left, style: border)
        for row in 1..<(height - 1) {
            screen.put("│", row: top + row, column: left, style: border)
            screen.fill(row: top + row, column: left + 1, width: width - 2, style: .plain)
            if lines.indices.contains(row - 1) {
                screen.put(
                    " " + lines[row - 1], row: top + row, column: left + 1, width: width - 2,
                    style: row == 1 ? .heading : .plain)
            }
            screen.put("│", row: top + row, column: left + width - 1, style: border)
        }
        screen.put(
            "└" + String(repeating: "─", count: width - 2) + "┘", row: top + height - 1, column: left, style: border)
    }
}
