import TerminalImages

/// `browse`'s state and how keys change it: the Pokédex (list, search, entry) and the issue
/// mirror (repositories, issues, thread). It reads through a `BrowseDataSource` and is drawn
/// by `BrowseRenderer`; time comes from the caller, so tests drive it key by key.
public struct BrowseModel {
    public enum Screen: Equatable, Sendable {
        case pokedex
        case repositories
        case issues(repository: String)
        case thread(repository: String, number: Int)
    }

    public enum Focus: Equatable, Sendable {
        case list, entry
    }

    /// Where Backspace and Esc go back to after a jump.
    struct Place: Equatable {
        let searchText: String
        let pokemonID: Int?
        /// By kind: a sync meanwhile may change which sections the entry has.
        let section: EntryDocument.Kind
        let focus: Focus
        let entryTop: Int
        /// Where the jump from here left the focus: back from an entry opened since, in a list
        /// the jump made, returns to that list first.
        var landing = Focus.entry
    }

    let source: any BrowseDataSource
    public private(set) var layout: BrowseLayout
    public internal(set) var screens: [Screen]
    public internal(set) var wantsQuit = false
    public internal(set) var wantsSuspend = false
    /// Ctrl-L: the screen drawn again whole, over whatever else wrote to the terminal.
    public internal(set) var wantsRedraw = false
    public internal(set) var showsHelp = false
    /// A failure to read, shown on the key line until the next key.
    public internal(set) var message: String?
    public internal(set) var search: DebouncedSearch

    // The Pokédex.
    public internal(set) var catalog = PokedexCatalog()
    public internal(set) var searchText = ""
    public internal(set) var editsSearch = false
    /// Whether the next text typed replaces the search shown (after `/`), as a selected field.
    var typingReplacesSearch = false
    /// Indices into `catalog.rows`: what the list shows, for `resultsText`.
    public internal(set) var results: [Int] = []
    public internal(set) var resultsText = ""
    /// The search a link set (`type:fire` from an entry's Fire): its list keeps the Pokémon
    /// the jump came from selected, as typing a search does not.
    var jumpSearchText: String?
    /// The filters of the last text parsed that name nothing stored (`type:nope`), for the
    /// empty list to say so when that text's results are shown.
    public internal(set) var unknownFilters: (text: String, words: [String]) = ("", [])
    /// The learners of each `learns:` move looked up, by its slug, until a commit.
    var moveLearners: [String: Set<Int>] = [:]
    /// Whether the catalog's rows hold the search index (``completeSearchKeys()``).
    public private(set) var hasSearchKeys = false
    public internal(set) var list = ListCursor()
    public internal(set) var focus = Focus.list
    /// The entry's section shown, by its index among those the entry has.
    public internal(set) var section = 0
    /// The section last chosen, shown on each entry that has it as the selection moves.
    var chosenSection = EntryDocument.Kind.entry
    public internal(set) var entry: EntryDocument?
    /// The width `entry` was laid out for.
    var entryLaidOutWidth = 0
    public internal(set) var entryScroll = ListCursor()
    /// The selected link among the section's, when it has some.
    public internal(set) var link = 0
    var history: [Place] = []
    /// The sprites of the list's rows in view, by Pokémon id; nil for a Pokémon without one.
    var listSprites: [Int: CellImage?] = [:]
    /// Whether the first frame is drawn, after which the list's sprites are read.
    var readsListSprites = false

    // The issue mirror.
    public internal(set) var repositories: [BrowseRow] = []
    public internal(set) var repositoryCursor = ListCursor()
    public internal(set) var issues: [BrowseRow] = []
    /// The search text `issues` were read for.
    var issuesText = ""
    /// Why the issue query shown selects nothing (`state:bogus`); nil when it is well formed.
    public internal(set) var issueQueryProblem: String?
    public internal(set) var issueCursor = ListCursor()
    public internal(set) var thread: [StyledLine] = []
    var threadWidth = 0
    public internal(set) var threadScroll = ListCursor()

    public var screen: Screen { screens.last ?? .pokedex }

    /// Starts on `screens` (the last shown), with `searchText` typed, on a screen of `columns` × `rows`.
    public init(
        source: any BrowseDataSource, screens: [Screen], searchText: String = "", columns: Int, rows: Int,
        debounce: Duration = .milliseconds(100)
    ) {
        self.source = source
        self.screens = screens.isEmpty ? [.pokedex] : screens
        self.searchText = searchText
        layout = BrowseLayout(columns: columns, rows: rows)
        search = DebouncedSearch(delay: debounce)
    }

    /// Reads what the first screen shows; its search runs at once.
    public mutating func start(at now: Duration) {
        do {
            switch screen {
            case .pokedex:
                catalog = try source.catalog()
                hasSearchKeys = false
                results = Array(catalog.rows.indices)
            case .repositories, .issues, .thread:
                repositories = try source.repositories()
            }
        } catch {
            report(error)
        }
        if case .issues(let repository) = screen {
            repositoryCursor.select(
                repositories.firstIndex { $0.key == repository } ?? 0, count: repositories.count,
                visible: layout.bodyRows)
        }
        if screen != .repositories { search.runNow(searchText, at: now) }
        prepare()
    }

    public mutating func resize(columns: Int, rows: Int) {
        layout = BrowseLayout(columns: columns, rows: rows)
        list.keepInView(count: results.count, visible: layout.bodyRows)
        prepare()
    }

    /// One key or mouse action at `now`.
    public mutating func handle(_ event: InputEvent, at now: Duration) {
        message = nil
        if event == .control("c") {
            wantsQuit = true
            return
        }
        if event == .control("z") {
            wantsSuspend = true
            return
        }
        if event == .control("l") {
            wantsRedraw = true
            return
        }
        // Nothing but the size is drawn: keys would act out of sight.
        if layout.isTooSmall {
            if event == .character("q") { wantsQuit = true }
            return
        }
        if showsHelp {
            showsHelp = false
            if event == .character("q") { wantsQuit = true }
            return
        }
        let editing = screen == .pokedex || isIssueList ? editsSearch : false
        if !editing {
            switch event {
            case .character("q"):
                wantsQuit = true
                return
            case .character("?"):
                showsHelp = true
                return
            default: break
            }
        }
        switch screen {
        case .pokedex: handlePokedex(event, at: now)
        case .repositories, .issues, .thread: handleIssues(event, at: now)
        }
        prepare()
    }

    var isIssueList: Bool {
        if case .issues = screen { return true }
        return false
    }

    /// The query `request` asked for finished with `rows` (indices into the catalog, for the
    /// Pokédex; ignored for issues, whose rows come in `issueRows`): shown only if it is for the
    /// latest text. A new text selects its first, best row (Enter opens what the list tops);
    /// the same text run again keeps the row selected.
    public mutating func deliver(_ request: SearchRequest, results rows: [Int] = [], issueRows: [BrowseRow] = []) {
        guard search.accepts(request) else { return }
        switch screen {
        case .pokedex:
            let keeps = request.text == resultsText || request.text == jumpSearchText
            let selectedID = keeps ? selectedPokemonID : nil
            results = rows
            resultsText = request.text
            list.select(
                rows.firstIndex { catalog.rows[$0].id == selectedID } ?? 0, count: rows.count,
                visible: layout.bodyRows)
        case .issues:
            let selectedKey =
                request.text == issuesText && issues.indices.contains(issueCursor.selection)
                ? issues[issueCursor.selection].key : nil
            issues = issueRows
            issuesText = request.text
            issueCursor.select(
                issueRows.firstIndex { $0.key == selectedKey } ?? 0, count: issueRows.count, visible: layout.bodyRows)
        case .repositories, .thread:
            break
        }
        prepare()
    }

    /// Starts the search due once the debounce after the last keystroke has passed. An issue
    /// search reads the database, which only this thread may, so it runs here and is shown; a
    /// Pokédex search is parsed here and returned to run elsewhere (keys go on meanwhile), its
    /// result coming back through `deliver`.
    public mutating func startDueSearch(at now: Duration) -> PokemonSearchJob? {
        guard let request = search.dueRequest(at: now) else { return nil }
        do {
            switch screen {
            case .pokedex:
                // Parsed first: the query may read the search index into the catalog.
                let query = try pokemonQuery(request.text)
                return PokemonSearchJob(request: request, query: query, catalog: catalog)
            case .issues(let repository):
                deliver(request, issueRows: try readIssues(repository: repository, query: request.text))
            case .repositories, .thread:
                break
            }
        } catch {
            report(error)
        }
        return nil
    }

    /// Reads the search index into the catalog's rows, once per catalog: the loop asks after
    /// the first frame, a query before it compares anything.
    public mutating func completeSearchKeys() throws {
        guard !hasSearchKeys, screen == .pokedex else { return }
        let index = try source.searchIndex()
        for row in catalog.rows.indices {
            let id = catalog.rows[row].id
            catalog.rows[row].keys = catalog.rows[row].keys.adding(
                foldedNames: index.foldedNames[id] ?? [], abilities: index.abilities[id] ?? [])
        }
        catalog.vocabulary = index.vocabulary
        hasSearchKeys = true
    }

    /// `text` as a Pokémon query, its `learns:` moves read here: each move's learners once,
    /// until a commit, so typing on after `learns:thunderbolt` reads them no more.
    mutating func pokemonQuery(_ text: String) throws -> PokemonQuery {
        if !text.allSatisfy(\.isWhitespace) { try completeSearchKeys() }
        let query = try PokemonQuery(text, vocabulary: catalog.vocabulary) { move in
            guard let slug = try source.moveSlug(move) else { return nil }
            if let known = moveLearners[slug] { return known }
            let learners = try source.learners(ofMove: slug)
            moveLearners[slug] = learners
            return learners
        }
        unknownFilters = (text, query.unknownFilters)
        return query
    }

    /// The rows of `repository`'s issues that `query` selects, laid out for the screen; none,
    /// and what is wrong with it, when the query cannot select any.
    mutating func readIssues(repository: String, query: String) throws -> [BrowseRow] {
        issueQueryProblem = source.issueQueryProblem(query)
        guard issueQueryProblem == nil else { return [] }
        return try source.issues(repository: repository, query: query, width: layout.columns - 1)
    }

    /// Another connection committed: everything shown is read again, keeping what is selected
    /// and how far each pane is scrolled.
    public mutating func refresh() {
        do {
            switch screen {
            case .pokedex:
                let selectedID = selectedPokemonID
                catalog = try source.catalog()
                hasSearchKeys = false
                moveLearners = [:]
                // A search still running holds the old rows, which its indices point into.
                search.restartRunning()
                results = PokemonSearch.results(for: try pokemonQuery(resultsText), in: catalog) ?? []
                list.select(
                    results.firstIndex { catalog.rows[$0].id == selectedID } ?? list.selection,
                    count: results.count, visible: layout.bodyRows)
                entry = nil
                listSprites = [:]
            case .repositories, .issues, .thread:
                let key =
                    repositories.indices.contains(repositoryCursor.selection)
                    ? repositories[repositoryCursor.selection].key : nil
                repositories = try source.repositories()
                repositoryCursor.select(
                    repositories.firstIndex { $0.key == key } ?? repositoryCursor.selection,
                    count: repositories.count, visible: layout.bodyRows)
                if case .issues(let repository) = screen {
                    let key = issues.indices.contains(issueCursor.selection) ? issues[issueCursor.selection].key : nil
                    // Read for the text shown: one typed since is a new search, whose result
                    // selects its first row when it comes.
                    issues = try readIssues(repository: repository, query: issuesText)
                    issueCursor.select(
                        issues.firstIndex { $0.key == key } ?? issueCursor.selection, count: issues.count,
                        visible: layout.bodyRows)
                }
                thread = []
            }
        } catch {
            report(error)
        }
        prepare(keepingScroll: true)
    }

    /// The Pokémon selected in the list.
    public var selectedPokemonID: Int? {
        results.indices.contains(list.selection) ? catalog.rows[results[list.selection]].id : nil
    }

    /// The section chosen last where the entry has it, else its first.
    mutating func showChosenSection() {
        section = entry?.sections.firstIndex { $0.kind == chosenSection } ?? 0
    }

    /// Reads what the screen now needs: the selected entry, the open thread.
    mutating func prepare(keepingScroll: Bool = false) {
        switch screen {
        case .pokedex:
            readListSprites()
            guard let id = selectedPokemonID else {
                entry = nil
                return
            }
            guard entry?.id != id || entryLaidOutWidth != layout.entryTextWidth else { return }
            let sameEntry = keepingScroll || entry?.id == id
            do { entry = try source.entry(id: id, width: layout.entryTextWidth) } catch { report(error) }
            entryLaidOutWidth = layout.entryTextWidth
            if !sameEntry {
                entryScroll = ListCursor()
                link = 0
            }
            showChosenSection()
        case .thread(let repository, let number):
            guard thread.isEmpty || threadWidth != layout.threadTextWidth else { return }
            do {
                thread = try source.thread(repository: repository, number: number, width: layout.threadTextWidth)
            } catch {
                report(error)
            }
            threadWidth = layout.threadTextWidth
            threadScroll.scroll(by: 0, count: thread.count, visible: layout.bodyRows)
        case .repositories, .issues:
            break
        }
    }

    /// A failed read becomes the message on the key line.
    public mutating func report(_ error: any Error) {
        message = source.describe(error)
    }
}
