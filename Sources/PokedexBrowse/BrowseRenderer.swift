import TextUtilities

/// Draws the model: a frame of cells for its screen, the same model always the same frame.
public enum BrowseRenderer {
    static let title = CellStyle(bold: true, inverse: true)
    static let rule = CellStyle(foreground: RGBColor(red: 0x60, green: 0x60, blue: 0x60))
    static let hint = CellStyle(foreground: RGBColor(red: 0x9E, green: 0x9E, blue: 0x9E))

    public static func frame(_ model: BrowseModel) -> ScreenBuffer {
        let layout = model.layout
        var screen = ScreenBuffer(columns: layout.columns, rows: layout.rows)
        guard !layout.isTooSmall else {
            putWrapped(
                "pokedex browse needs a terminal of at least \(BrowseLayout.minimumColumns)×"
                    + "\(BrowseLayout.minimumRows); this one is \(layout.columns)×\(layout.rows). q quits.",
                row: 0, through: layout.rows - 1, column: 0, width: layout.columns, on: &screen)
            return screen
        }
        switch model.screen {
        case .pokedex: drawPokedex(model, on: &screen)
        case .repositories:
            drawTitle("Repositories", search: nil, count: "\(model.repositories.count)", model, on: &screen)
            drawList(
                count: model.repositories.count, { model.repositories[$0].line }, model.repositoryCursor,
                empty: "no repositories stored: run `pokedex sync issues OWNER/REPO` first", on: &screen)
        case .issues(let repository):
            drawTitle(
                repository, search: model.searchText, count: "\(model.issues.count)", model, on: &screen,
                placeholder: "/ to filter: open ones shown, state:all for all")
            drawList(
                count: model.issues.count, { model.issues[$0].line }, model.issueCursor,
                empty: model.issueQueryProblem ?? "no issue matches",
                on: &screen)
        case .thread(let repository, let number):
            drawTitle("\(repository)#\(number)", search: nil, count: nil, model, on: &screen)
            drawDocument(
                model.thread, from: model.threadScroll.top, rows: layout.bodyRows, column: layout.threadTextColumn,
                width: layout.threadTextWidth, on: &screen)
        }
        drawKeyLine(model, on: &screen)
        if model.showsHelp {
            BrowseHelp.draw(model.screen == .pokedex ? BrowseHelp.pokedex : BrowseHelp.issues, on: &screen)
        }
        return screen
    }

    /// The title bar: what is shown, the search as typed (`placeholder` until there is one), how
    /// many rows.
    static func drawTitle(
        _ title: String, search: String?, count: String?, _ model: BrowseModel, on screen: inout ScreenBuffer,
        placeholder: String = "/ to search"
    ) {
        screen.fill(row: 0, column: 0, width: screen.columns, style: Self.title)
        var used = screen.put(" " + title + "  ", row: 0, column: 0, style: Self.title)
        if let search {
            let cursor = model.editsSearch ? "▏" : ""
            let room = screen.columns - used - 12
            let label =
                search.isEmpty && !model.editsSearch
                ? placeholder : "/ " + Self.tail(of: search + cursor, in: room - 2)
            used += screen.put(label, row: 0, column: used, width: room, style: Self.title)
        }
        if let count {
            screen.put(count + " ", row: 0, column: screen.columns - count.count - 1, style: Self.title)
        }
    }

    /// `text` as it fits in `width` columns: whole, or its end after `…`, so that what is
    /// typed last (and the cursor) stays in view as a long search grows.
    static func tail(of text: String, in width: Int) -> String {
        let sanitized = TerminalText.sanitize(text)
        guard TerminalColumns.of(sanitized) > width else { return sanitized }
        var kept: [Character] = []
        var used = 1
        for character in sanitized.reversed() {
            let cells = TerminalColumns.of(character)
            guard used + cells <= width else { break }
            kept.append(character)
            used += cells
        }
        return "…" + String(kept.reversed())
    }

    /// `text` word by word onto the rows from `row` through `lastRow`, each at most `width`
    /// columns from `column`; a word longer than a row is cut, and what does not fit is left.
    static func putWrapped(
        _ text: String, row: Int, through lastRow: Int, column: Int, width: Int, style: CellStyle = .plain,
        on screen: inout ScreenBuffer
    ) {
        var row = row
        var used = 0
        for word in text.split(separator: " ") {
            if used > 0, used + 1 + TerminalColumns.of(word) > width {
                row += 1
                used = 0
            }
            guard row <= lastRow else { return }
            used += screen.put(
                (used > 0 ? " " : "") + word, row: row, column: column + used, width: width - used, style: style)
        }
    }

    /// The rows of a list in view, the selected one reversed; `empty` when there are none.
    /// Only the rows in view are laid out: a list may hold every Pokémon.
    static func drawList(
        count: Int, _ line: (Int) -> StyledLine, _ cursor: ListCursor, width: Int? = nil, empty: String,
        on screen: inout ScreenBuffer
    ) {
        let width = width ?? screen.columns
        let rows = max(0, screen.rows - 2)
        if count == 0 {
            putWrapped(empty, row: 1, through: rows, column: 1, width: width - 1, style: Self.hint, on: &screen)
        }
        for offset in 0..<rows where cursor.top + offset < count {
            let index = cursor.top + offset
            screen.put(
                " " + line(index), row: 1 + offset, column: 0, width: width,
                base: index == cursor.selection ? .selected : .plain)
        }
    }

    static func drawDocument(
        _ lines: [StyledLine], from top: Int, rows: Int, firstRow: Int = 1, column: Int, width: Int,
        highlighting highlighted: Int? = nil, on screen: inout ScreenBuffer
    ) {
        for offset in 0..<rows where top + offset < lines.count {
            let index = top + offset
            // A word no wrapping breaks (a URL) ends in … where cut: clipped, it would pass for whole.
            screen.put(
                lines[index].truncated(to: width), row: firstRow + offset, column: column, width: width,
                base: index == highlighted ? .selected : .plain)
        }
    }

    static func drawKeyLine(_ model: BrowseModel, on screen: inout ScreenBuffer) {
        let row = screen.rows - 1
        if let message = model.message {
            screen.put(message, row: row, column: 0, style: CellStyle(bold: true))
            return
        }
        let keys: [String]
        switch model.screen {
        case _ where model.editsSearch:
            keys = ["type to search", "↑↓ move", "^U clear", "Enter done", "Esc stop typing"]
        case .pokedex:
            keys =
                model.focus == .entry
                ? ["↑↓ links, scroll", "Enter go", "Tab section", "Esc back", "? keys", "q quit"]
                : ["↑↓ move", "/ search", "Enter entry", "Tab section", "Esc back", "? keys", "q quit"]
        case .repositories: keys = ["↑↓ move", "Enter issues", "? keys", "q quit"]
        case .issues:
            keys = ["↑↓ move", "/ filter (state: label: author:)", "Enter thread", "Esc back", "? keys", "q quit"]
        case .thread: keys = ["↑↓ PgUp PgDn scroll", "Esc back", "? keys", "q quit"]
        }
        screen.put(" " + keyHints(keys, width: screen.columns - 1), row: row, column: 0, style: Self.hint)
    }

    /// `keys` joined in `width` columns: where they do not fit, those before the last two go
    /// one by one from the right, so the way out is always said and no word is cut.
    static func keyHints(_ keys: [String], width: Int) -> String {
        var keys = keys
        var line = keys.joined(separator: " · ")
        while TerminalColumns.of(line) > width, keys.count > 2 {
            keys.remove(at: keys.count - 3)
            line = keys.joined(separator: " · ")
        }
        return TerminalColumns.truncated(line, to: width)
    }
}
