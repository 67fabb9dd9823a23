import TerminalImages

/// The Pokédex screen's keys: the list, type-ahead search, the entry's sections and links.
extension BrowseModel {
    mutating func handlePokedex(_ event: InputEvent, at now: Duration) {
        if editsSearch, editSearch(event, at: now) { return }
        if case .wheel(let up, let column, _) = event {
            if column < layout.listWidth {
                list.scroll(by: up ? -3 : 3, count: results.count, visible: layout.bodyRows)
            } else {
                scrollEntry(by: up ? -3 : 3)
            }
            return
        }
        if case .click(let column, let row) = event, column < layout.listWidth, row >= 1, row <= layout.bodyRows {
            list.select(list.top + row - 1, count: results.count, visible: layout.bodyRows)
            focus = .list
            return
        }
        switch event {
        case .tab: return selectSection(section + 1)
        case .backTab: return selectSection(section - 1)
        case .character(let digit) where ("1"..."5").contains(digit):
            guard let kind = EntryDocument.Kind(rawValue: Int(String(digit))!),
                let index = entry?.sections.firstIndex(where: { $0.kind == kind })
            else { return }
            return selectSection(index)
        case .character("/"):
            focus = .list
            beginNewSearch()
            return
        case .escape, .backspace:
            return back(at: now)
        default:
            break
        }
        if focus == .entry { handleEntry(event, at: now) } else { handleList(event, at: now) }
    }

    /// Typing into the search; whether the event was taken.
    mutating func editSearch(_ event: InputEvent, at now: Duration) -> Bool {
        defer { typingReplacesSearch = false }
        switch event {
        case .character, .paste: if typingReplacesSearch { searchText = "" }
        default: break
        }
        jumpSearchText = nil
        switch event {
        case .character(let character): searchText.append(character)
        // Pasted lines are words of one line: "glurak\nq" is "glurak q", not "glurakq".
        case .paste(let text): searchText += String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        case .backspace:
            guard !searchText.isEmpty else { return true }
            searchText.removeLast()
        case .control("u"): searchText = ""
        case .control("w"):
            while searchText.last?.isWhitespace == true { searchText.removeLast() }
            while let last = searchText.last, !last.isWhitespace { searchText.removeLast() }
        case .enter:
            editsSearch = false
            if screen == .pokedex, entry != nil { focus = .entry }
            return true
        case .escape:
            editsSearch = false
            return true
        default:
            return false
        }
        search.textChanged(to: searchText, at: now)
        return true
    }

    private mutating func handleList(_ event: InputEvent, at now: Duration) {
        if list.move(for: event, count: results.count, visible: layout.bodyRows) { return }
        switch event {
        case .enter, .right, .character("l"):
            if entry != nil { focus = .entry }
        case .character, .paste:
            startSearch(event, at: now)
        default:
            break
        }
    }

    /// `/` starts a new search, as in less and vim: what is typed next replaces the one shown
    /// (Esc keeps it); typing without `/` goes on with it.
    mutating func beginNewSearch() {
        editsSearch = true
        typingReplacesSearch = !searchText.isEmpty
    }

    /// Typing in a list starts a search: keys not bound to something else begin it.
    mutating func startSearch(_ event: InputEvent, at now: Duration) {
        if case .character(let character) = event, character.isWhitespace { return }
        editsSearch = true
        _ = editSearch(event, at: now)
    }

    private mutating func handleEntry(_ event: InputEvent, at now: Duration) {
        let links = currentSection?.linkLines ?? []
        let page = max(1, layout.entryRows - 1)
        switch event {
        case .down, .character("j"):
            if links.isEmpty { scrollEntry(by: 1) } else { selectLink(link + 1, among: links) }
        case .up, .character("k"):
            if links.isEmpty { scrollEntry(by: -1) } else { selectLink(link - 1, among: links) }
        case .pageDown, .control("f"), .character(" "): scrollEntry(by: page)
        case .pageUp, .control("b"): scrollEntry(by: -page)
        case .home, .character("g"): scrollEntry(by: -Int(Int32.max))
        case .end, .character("G"): scrollEntry(by: Int(Int32.max))
        case .left, .character("h"): back(at: now)
        case .enter:
            if links.indices.contains(link), let target = currentSection?.links[links[link]] {
                follow(target, at: now)
            }
        case .character, .paste:
            // As in the list: typing searches, from the list's search line.
            focus = .list
            startSearch(event, at: now)
        default:
            break
        }
    }

    /// Reads the list rows' sprites from now on, those in view first: the loop asks once the
    /// first frame shows, which reading and decoding them would delay.
    public mutating func startListSprites() {
        readsListSprites = true
        readListSprites()
    }

    /// Keeps the sprites of the list's rows in view, reading only those that came into view:
    /// a scroll by a row reads one sprite, and the whole list is never read.
    mutating func readListSprites() {
        guard readsListSprites, source.showsListSprites else { return }
        var sprites: [Int: CellImage?] = [:]
        for index in list.top..<max(list.top, min(results.count, list.top + layout.bodyRows)) {
            let id = catalog.rows[results[index]].id
            if let known = listSprites[id] {
                sprites.updateValue(known, forKey: id)
                continue
            }
            do {
                sprites.updateValue(try source.listSprite(id: id), forKey: id)
            } catch {
                // Kept as none, so that a failing read is reported once, not on every key.
                report(error)
                sprites.updateValue(nil, forKey: id)
            }
        }
        listSprites = sprites
    }

    public var currentSection: EntryDocument.Section? {
        guard let entry, entry.sections.indices.contains(section) else { return nil }
        return entry.sections[section]
    }

    /// The section at `index`, wrapping around; the one kept as the selection moves.
    private mutating func selectSection(_ index: Int) {
        guard let entry, !entry.sections.isEmpty else { return }
        let count = entry.sections.count
        section = (index % count + count) % count
        chosenSection = entry.sections[section].kind
        entryScroll = ListCursor()
        link = 0
    }

    mutating func scrollEntry(by delta: Int) {
        entryScroll.scroll(by: delta, count: currentSection?.lines.count ?? 0, visible: layout.entryRows)
    }

    private mutating func selectLink(_ index: Int, among links: [Int]) {
        link = max(0, min(links.count - 1, index))
        let line = links[link]
        if line < entryScroll.top {
            scrollEntry(by: line - entryScroll.top)
        } else if line >= entryScroll.top + layout.entryRows {
            scrollEntry(by: line - entryScroll.top - layout.entryRows + 1)
        }
    }

    /// Enter on a link: the place left is remembered for Backspace and Esc.
    mutating func follow(_ target: BrowseLink, at now: Duration) {
        history.append(
            Place(
                searchText: searchText, pokemonID: selectedPokemonID, section: currentSection?.kind ?? .entry,
                focus: focus,
                entryTop: entryScroll.top))
        switch target {
        case .pokemon(let id):
            if !results.contains(where: { catalog.rows[$0].id == id }) {
                showSearch("", at: now)
                results = Array(catalog.rows.indices)
                resultsText = ""
            }
            select(pokemonID: id)
        case .type(let slug):
            showSearch("type:" + slug, at: now)
            focus = .list
        }
        history[history.count - 1].landing = focus
    }

    private mutating func showSearch(_ text: String, at now: Duration) {
        searchText = text
        jumpSearchText = text
        editsSearch = false
        search.runNow(text, at: now)
    }

    private mutating func select(pokemonID id: Int?) {
        guard let index = results.firstIndex(where: { catalog.rows[$0].id == id }) else { return }
        list.select(index, count: results.count, visible: layout.bodyRows)
    }

    /// Backspace and Esc: back along the jumps (out of an entry opened since a jump left the
    /// focus in a list first), then out of the entry, then the search cleared.
    mutating func back(at now: Duration) {
        if focus == .entry, history.last?.landing == .list {
            focus = .list
        } else if let place = history.popLast() {
            if place.searchText != searchText {
                showSearch(place.searchText, at: now)
                do {
                    results = PokemonSearch.results(for: try pokemonQuery(place.searchText), in: catalog) ?? []
                    resultsText = place.searchText
                } catch {
                    report(error)
                }
            }
            chosenSection = place.section
            select(pokemonID: place.pokemonID)
            prepare()
            showChosenSection()
            focus = place.focus
            entryScroll = ListCursor()
            scrollEntry(by: place.entryTop)
            link = 0
        } else if focus == .entry {
            focus = .list
        } else if !searchText.isEmpty {
            showSearch("", at: now)
        }
    }
}
