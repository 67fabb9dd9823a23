import TerminalImages
import TextUtilities

/// The Pokédex screen: the list on the left, the entry's section tabs and text on the right.
extension BrowseRenderer {
    static func drawPokedex(_ model: BrowseModel, on screen: inout ScreenBuffer) {
        let layout = model.layout
        let shown = model.results.count
        let count = model.searchText.isEmpty ? "\(shown)" : "\(shown) of \(model.catalog.rows.count)"
        drawTitle("Pokédex", search: model.searchText, count: count, model, on: &screen)
        let unknown = model.unknownFilters.text == model.resultsText ? model.unknownFilters.words : []
        let empty =
            if model.catalog.rows.isEmpty {
                "no Pokémon stored: run `pokedex sync`"
            } else if unknown.isEmpty {
                "nothing matches"
            } else {
                "nothing matches: \(unknown.joined(separator: ", ")) \(unknown.count == 1 ? "names" : "name") nothing stored"
            }
        drawList(
            count: model.results.count,
            {
                // A column before the rule and one after it: types never run into it.
                pokemonLine(
                    model.catalog.rows[model.results[$0]], width: layout.listWidth - 2,
                    sprite: model.source.showsListSprites)
            },
            model.list, width: layout.listWidth, empty: empty, on: &screen)
        for row in 1...layout.bodyRows {
            screen.put("│", row: row, column: layout.listWidth, style: Self.rule)
        }
        guard let entry = model.entry else { return }
        drawTabs(entry, selected: model.section, on: &screen, layout: layout)
        guard entry.sections.indices.contains(model.section) else { return }
        let section = entry.sections[model.section]
        let links = section.linkLines
        let highlighted = model.focus == .entry && links.indices.contains(model.link) ? links[model.link] : nil
        drawDocument(
            section.lines, from: model.entryScroll.top, rows: layout.entryRows, firstRow: 2,
            column: layout.entryTextColumn, width: layout.entryTextWidth, highlighting: highlighted, on: &screen)
    }

    /// The pictures over the Pokédex screen, none while help is drawn over it: the list rows'
    /// sprites and the shown section's picture.
    public static func images(_ model: BrowseModel) -> [ImagePlacement] {
        guard !model.layout.isTooSmall, model.screen == .pokedex, !model.showsHelp else { return [] }
        return listImages(model) + sectionImages(model)
    }

    /// kitty's ids for list rows' sprites: above any Pokémon id, which the entry's picture uses,
    /// and the same for a Pokémon wherever its row is, so a scroll only places it again.
    static let listImageIDs = 1 << 24

    /// Each row in view whose Pokémon has a sprite: over the two cells before its number.
    static func listImages(_ model: BrowseModel) -> [ImagePlacement] {
        (0..<model.layout.bodyRows).compactMap { offset in
            let index = model.list.top + offset
            guard model.results.indices.contains(index) else { return nil }
            let id = model.catalog.rows[model.results[index]].id
            guard let sprite = model.listSprites[id] ?? nil else { return nil }
            return ImagePlacement(id: listImageIDs + id, row: 1 + offset, column: 1, image: sprite)
        }
    }

    /// The shown section's picture where it is on the screen: only when its whole box is in the
    /// pane (kitty's is deleted and iTerm2's erased as it scrolls out).
    static func sectionImages(_ model: BrowseModel) -> [ImagePlacement] {
        let layout = model.layout
        guard let picture = model.currentSection?.image else { return [] }
        let line = picture.line - model.entryScroll.top
        guard line >= 0, line + picture.image.rows <= layout.entryRows, picture.image.columns <= layout.entryTextWidth
        else { return [] }
        return [ImagePlacement(id: picture.id, row: 2 + line, column: layout.entryTextColumn, image: picture.image)]
    }

    /// `#0025 Pikachu       Electric`: the types after the name, as much of them as fits
    /// (`Normal, Fly…`); after two blank cells and a space with a `sprite`, which kitty draws
    /// over them.
    static func pokemonLine(_ row: PokemonRow, width: Int, sprite: Bool) -> StyledLine {
        let number = (sprite ? "   " : "") + row.number + " "
        let room = max(0, width - number.count)
        let name = TerminalText.sanitize(row.name)
        // Names first, so that forms stay apart ("Tatsugiri (Curly)"), the types keeping some room.
        let nameWidth = max(
            0, room - TerminalColumns.of(row.types.plain) - 1,
            min(TerminalColumns.of(name) + 1, room - Self.typesAtLeast))
        let typesWidth = max(0, room - nameWidth)
        let shown = Self.truncatedKeepingForm(name, to: nameWidth - 1)
        let padding = String(repeating: " ", count: max(0, nameWidth - TerminalColumns.of(shown)))
        return StyledLine(number + shown + padding) + row.types.truncated(to: typesWidth)
    }

    /// `name` in at most `columns` columns, a form in parentheses kept whole where the species'
    /// name can be cut instead: "Chari… (Mega X)" and "Chari… (Mega Y)", where cutting the end
    /// drew two rows "Charizard (Mega …".
    static func truncatedKeepingForm(_ name: String, to columns: Int) -> String {
        guard TerminalColumns.of(name) > columns, name.hasSuffix(")"), let open = name.lastIndex(of: "("),
            open > name.startIndex
        else { return TerminalColumns.truncated(name, to: columns) }
        let form = String(name[open...])
        let species = String(name[..<open].reversed().drop { $0 == " " }.reversed())
        // The species keeps two characters and its ellipsis at least.
        let room = columns - TerminalColumns.of(form) - 1
        guard room >= 3 else { return TerminalColumns.truncated(name, to: columns) }
        return TerminalColumns.truncated(species, to: room) + " " + form
    }

    /// The least room a row's types keep, however long its name ("Drago…").
    static let typesAtLeast = 6

    /// Each section's number key and title, in short where the titles do not fit, and by its
    /// number alone but for the one shown where the short ones do not either.
    static func drawTabs(_ entry: EntryDocument, selected: Int, on screen: inout ScreenBuffer, layout: BrowseLayout) {
        let labels = tabLabels(entry.sections.map(\.kind), selected: selected, width: layout.entryTextWidth)
        var column = layout.entryTextColumn
        for (index, label) in labels.enumerated() {
            column += screen.put(
                label, row: 1, column: column, width: layout.columns - column,
                style: index == selected ? CellStyle(bold: true, inverse: true) : Self.hint)
        }
    }

    /// The labels of `kinds` in the first style in which every section's would fit, so that
    /// they read the same from one entry to the next.
    static func tabLabels(_ kinds: [EntryDocument.Kind], selected: Int, width: Int) -> [String] {
        let styles: [(EntryDocument.Kind, Bool) -> String] = [
            { kind, _ in " \(kind.rawValue) \(kind.title) " }, { kind, _ in " \(kind.rawValue) \(kind.shortTitle) " },
            { kind, shown in shown ? " \(kind.rawValue) \(kind.shortTitle) " : " \(kind.rawValue) " },
        ]
        let style =
            styles.dropLast().first { style in
                EntryDocument.Kind.allCases.map { style($0, false) }.joined().count <= width
            } ?? styles[2]
        return kinds.enumerated().map { style($1, $0 == selected) }
    }
}
