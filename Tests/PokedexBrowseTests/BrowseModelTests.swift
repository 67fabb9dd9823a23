import PokedexBrowse
import Testing

/// Keys → state, with time given by the test: the model as a pure function of what happens.
@Suite("Browse model")
struct BrowseModelTests {
    let source = FakeBrowseSource()

    func model(_ screens: [BrowseModel.Screen] = [.pokedex], search: String = "") -> BrowseModel {
        var model = BrowseModel(source: source, screens: screens, searchText: search, columns: 80, rows: 24)
        model.start(at: .zero)
        model.runDueSearch(at: .zero)
        return model
    }

    func type(_ text: String, into model: inout BrowseModel, at now: Duration) {
        for character in text { model.handle(.character(character), at: now) }
    }

    var shownNames: (BrowseModel) -> [String] {
        { model in model.results.map { model.catalog.rows[$0].name } }
    }

    @Test("arrows, j/k, g/G and the wheel move the selection; the entry follows it")
    func moving() {
        var model = model()
        #expect(model.selectedPokemonID == 25)
        model.handle(.down, at: .zero)
        model.handle(.character("j"), at: .zero)
        #expect(model.selectedPokemonID == 4)
        #expect(model.entry?.id == 4)
        model.handle(.character("G"), at: .zero)
        #expect(model.selectedPokemonID == 122)
        model.handle(.character("k"), at: .zero)
        model.handle(.home, at: .zero)
        #expect(model.selectedPokemonID == 25)
        model.handle(.wheel(up: false, column: 3, row: 5), at: .zero)
        #expect(model.list.top == 0, "five rows fit: nothing to scroll")
    }

    @Test("typing searches after the debounce, not before")
    func debounce() {
        var model = model()
        type("rai", into: &model, at: .milliseconds(1000))
        #expect(model.editsSearch)
        #expect(model.searchText == "rai")
        model.runDueSearch(at: .milliseconds(1050))
        #expect(shownNames(model).count == 5, "the debounce has not passed")
        model.runDueSearch(at: .milliseconds(1100))
        #expect(shownNames(model) == ["Raichu"])
        #expect(model.selectedPokemonID == 26)
    }

    @Test("a slow older query that finishes after a newer one is never shown")
    func staleResult() throws {
        var model = model()
        type("pi", into: &model, at: .milliseconds(1000))
        let older = try model.requireDueSearch(at: .milliseconds(1100))
        // It finished just as the user typed on: its result is late, not cancelled.
        let olderFound = try #require(older.run())
        type("c", into: &model, at: .milliseconds(1150))
        #expect(older.request.cancellation.isCancelled, "a newer keystroke cancels the older query")
        #expect(older.run() == nil, "a cancelled query stops")
        let newer = try model.requireDueSearch(at: .milliseconds(1250))
        model.deliver(newer.request, results: try #require(newer.run()))
        #expect(shownNames(model) == ["Pichu"])
        model.deliver(older.request, results: olderFound)
        #expect(shownNames(model) == ["Pichu"], "the late result of 'pi' is dropped")
        #expect(model.resultsText == "pic")
    }

    @Test("a commit while a search runs drops its result and runs the text again on the new rows")
    func refreshDuringSearch() throws {
        var model = model()
        type("pi", into: &model, at: .seconds(1))
        let running = try model.requireDueSearch(at: .seconds(2))
        let stale = try #require(running.run())
        source.rows.removeFirst()
        model.refresh()
        model.deliver(running.request, results: stale)
        #expect(shownNames(model).count == 4, "the late result indexes rows that moved: dropped")
        model.runDueSearch(at: .seconds(2))
        #expect(shownNames(model) == ["Pichu"])
        #expect(model.resultsText == "pi")
    }

    @Test("learns: reads a move's learners once as the words go on, and again after a commit")
    func learnsReadOnce() {
        var model = model()
        // `l` in the list opens the entry, as `g` goes to the top: `/` starts the search.
        type("/learns:donnerblitz", into: &model, at: .seconds(1))
        model.runDueSearch(at: .seconds(2))
        #expect(shownNames(model) == ["Pikachu", "Raichu", "Pichu"])
        type(" rai", into: &model, at: .seconds(3))
        model.runDueSearch(at: .seconds(4))
        #expect(shownNames(model) == ["Raichu"])
        type(" l:thunderbolt", into: &model, at: .seconds(5))
        model.runDueSearch(at: .seconds(6))
        #expect(shownNames(model) == ["Raichu"])
        #expect(source.learnerReads == ["thunderbolt": 1], "its name and slug are one move, read once")
        source.moves["thunderbolt"]?.learners = [25]
        model.refresh()
        #expect(shownNames(model).isEmpty, "Raichu no longer learns it")
        #expect(source.learnerReads == ["thunderbolt": 2])
    }

    @Test("names and abilities are read once, when a search first needs them, and again after a commit")
    func deferredSearchKeys() throws {
        source.defersSearchKeys = true
        var model = model()
        #expect(shownNames(model).count == 5 && !model.hasSearchKeys && source.searchIndexReads == 0)
        type("/glumanda", into: &model, at: .seconds(1))
        model.runDueSearch(at: .seconds(2))
        #expect(shownNames(model) == ["Charmander"], "a name in another language, from the index")
        type(" a:großbrand", into: &model, at: .seconds(3))
        model.runDueSearch(at: .seconds(4))
        #expect(shownNames(model) == ["Charmander"] && source.searchIndexReads == 1)
        model.refresh()
        #expect(shownNames(model) == ["Charmander"] && source.searchIndexReads == 2)
        try model.completeSearchKeys()
        #expect(source.searchIndexReads == 2, "read once a catalog")
    }

    @Test("with no moves stored, learns: matches nothing and says nothing is wrong")
    func learnsWithoutMoves() {
        source.moves = [:]
        let model = model(search: "learns:thunderbolt")
        #expect(shownNames(model).isEmpty)
        #expect(model.message == nil)
    }

    @Test("Enter opens the entry; Tab and digits switch sections; Esc goes back out")
    func sections() {
        var model = model()
        model.handle(.enter, at: .zero)
        #expect(model.focus == .entry)
        model.handle(.tab, at: .zero)
        #expect(model.section == 1)
        model.handle(.character("3"), at: .zero)
        #expect(model.section == 2)
        model.handle(.character("5"), at: .zero)
        #expect(model.section == 2, "no fifth section: moves and places are not stored")
        model.handle(.backTab, at: .zero)
        #expect(model.section == 1)
        model.handle(.escape, at: .zero)
        #expect(model.focus == .list)
    }

    @Test("a number key means one section on every entry; the one chosen stays as the selection moves")
    func sectionNumbers() {
        var model = model()
        model.handle(.enter, at: .zero)
        model.handle(.character("3"), at: .zero)
        #expect(model.currentSection?.kind == .matchups)
        model.handle(.escape, at: .zero)
        model.handle(.character("G"), at: .zero)
        #expect(model.selectedPokemonID == 122)
        #expect(model.currentSection?.kind == .matchups, "Mr. Mime has no evolution: Matchups is its second")
        model.handle(.character("2"), at: .zero)
        model.handle(.character("4"), at: .zero)
        #expect(model.currentSection?.kind == .matchups, "no evolution, no moves: nothing to switch to")
        model.handle(.character("k"), at: .zero)
        #expect(model.currentSection?.kind == .matchups)
        model.handle(.character("2"), at: .zero)
        model.handle(.character("G"), at: .zero)
        #expect(model.currentSection?.kind == .entry, "Evolution chosen, which Mr. Mime lacks: its first")
        model.handle(.character("k"), at: .zero)
        #expect(model.currentSection?.kind == .evolution)
    }

    @Test("below the minimum size keys do nothing but quit")
    func tooSmall() {
        var model = BrowseModel(source: source, screens: [.pokedex], columns: 59, rows: 15)
        model.start(at: .zero)
        for event: InputEvent in [.character("j"), .enter, .character("3"), .character("p")] {
            model.handle(event, at: .zero)
        }
        #expect(model.selectedPokemonID == 25 && model.focus == .list && model.searchText.isEmpty)
        #expect(model.currentSection?.kind == .entry)
        model.handle(.control("l"), at: .zero)
        #expect(model.wantsRedraw, "Ctrl-L redraws, whatever the size")
        model.handle(.character("q"), at: .zero)
        #expect(model.wantsQuit)
    }

    @Test("typing in the entry searches from the list")
    func typingInEntry() {
        var model = model()
        model.handle(.enter, at: .zero)
        type("char", into: &model, at: .zero)
        #expect(model.focus == .list && model.searchText == "char")
    }

    @Test("Enter on an evolution jumps to it; Backspace comes back the way it went")
    func evolutionJump() {
        var model = model(search: "pika")
        #expect(shownNames(model) == ["Pikachu"])
        model.handle(.enter, at: .zero)
        model.handle(.character("2"), at: .zero)
        model.handle(.down, at: .zero)
        model.handle(.down, at: .zero)
        model.handle(.enter, at: .seconds(1))
        #expect(model.selectedPokemonID == 26)
        #expect(model.searchText.isEmpty, "Raichu was not among the results: the search is cleared")
        model.handle(.backspace, at: .seconds(2))
        #expect(model.searchText == "pika")
        #expect(model.selectedPokemonID == 25)
        #expect(model.section == 1)
    }

    @Test("Enter on a type lists that type's Pokémon")
    func typeJump() {
        var model = model()
        model.handle(.enter, at: .zero)
        model.handle(.character("3"), at: .zero)
        model.handle(.enter, at: .seconds(1))
        #expect(model.searchText == "type:ground")
        model.runDueSearch(at: .seconds(1))
        #expect(shownNames(model).isEmpty)
        model.handle(.escape, at: .seconds(2))
        #expect(model.searchText.isEmpty)
        #expect(model.focus == .entry)
    }

    /// The entry of the list's row `row`, then the first link of its third section: its type.
    func followingTypeLink(fromRow row: Int) -> BrowseModel {
        var model = model()
        for _ in 0..<row { model.handle(.down, at: .zero) }
        model.handle(.enter, at: .zero)
        model.handle(.character("3"), at: .zero)
        model.handle(.down, at: .zero)
        model.handle(.enter, at: .seconds(1))
        model.runDueSearch(at: .seconds(1))
        return model
    }

    @Test("back from an entry opened in a type's list returns to that list, then to where the jump began")
    func backThroughTypeList() {
        var model = followingTypeLink(fromRow: 0)
        #expect(model.searchText == "type:electric" && shownNames(model) == ["Pikachu", "Raichu", "Pichu"])
        model.handle(.down, at: .seconds(2))
        model.handle(.enter, at: .seconds(2))
        #expect(model.focus == .entry && model.selectedPokemonID == 26)
        model.handle(.backspace, at: .seconds(3))
        #expect(model.focus == .list && model.searchText == "type:electric" && model.selectedPokemonID == 26)
        model.handle(.backspace, at: .seconds(3))
        #expect(model.searchText.isEmpty && model.selectedPokemonID == 25 && model.focus == .entry)
        #expect(model.entry?.sections[model.section].kind == .matchups)
    }

    @Test("scrolling the entry: j/k without links, PgDn, G")
    func entryScroll() {
        var model = model()
        model.handle(.enter, at: .zero)
        model.handle(.character("j"), at: .zero)
        #expect(model.entryScroll.top == 1)
        model.handle(.character("k"), at: .zero)
        model.handle(.pageDown, at: .zero)
        #expect(model.entryScroll.top == model.layout.entryRows - 1)
        model.handle(.character("G"), at: .zero)
        #expect(model.entryScroll.top == 62 - model.layout.entryRows, "the fake's 62 lines, the last in view")
        model.handle(.home, at: .zero)
        #expect(model.entryScroll.top == 0)
    }

    @Test("a commit from elsewhere refreshes the list and entry, keeping selection and scroll")
    func refresh() {
        var model = model()
        model.handle(.down, at: .zero)
        model.handle(.enter, at: .zero)
        model.handle(.pageDown, at: .zero)
        let top = model.entryScroll.top
        source.version = 2
        source.rows.insert(FakeBrowseSource.row(1, "Bulbasaur", names: [], types: ["grass"], abilities: []), at: 0)
        model.refresh()
        #expect(model.results.count == 6)
        #expect(model.selectedPokemonID == 26)
        #expect(model.entryScroll.top == top)
        #expect(model.entry?.sections[0].lines[0].plain == "Raichu line 1 v2")
    }

    @Test("/ starts a new search; typing without it goes on with the one shown", arguments: [true, false])
    func slashStartsAfresh(issues: Bool) {
        var model = issues ? model([.repositories]) : model()
        if issues { model.handle(.enter, at: .zero) }
        for event: InputEvent in [.character("/"), .character("r"), .character("a"), .escape] {
            model.handle(event, at: .zero)
        }
        #expect(model.searchText == "ra")
        model.handle(.character("/"), at: .zero)
        model.handle(.escape, at: .zero)
        #expect(model.searchText == "ra", "/ then Esc keeps the search, as vim does")
        model.handle(.character("/"), at: .zero)
        #expect(model.editsSearch)
        model.handle(.character("p"), at: .zero)
        #expect(model.searchText == "p", "not rap")
        model.handle(.escape, at: .zero)
        model.handle(.character("i"), at: .zero)
        #expect(model.searchText == "pi", "typed on, not anew")
    }

    @Test("? shows the keys until the next key; q quits; q while typing is a letter")
    func helpAndQuit() {
        var model = model()
        model.handle(.character("?"), at: .zero)
        #expect(model.showsHelp)
        model.handle(.down, at: .zero)
        #expect(!model.showsHelp)
        model.handle(.character("/"), at: .zero)
        model.handle(.character("q"), at: .zero)
        #expect(!model.wantsQuit)
        model.handle(.escape, at: .zero)
        model.handle(.character("q"), at: .zero)
        #expect(model.wantsQuit)
        var other = self.model()
        other.handle(.control("c"), at: .zero)
        #expect(other.wantsQuit)
    }

    @Test("issues: repositories → issues filtered as typed → thread, and back")
    func issues() {
        var model = model([.repositories])
        #expect(model.repositories.count == 2)
        model.handle(.enter, at: .zero)
        #expect(model.screen == .issues(repository: "acme/rocket"))
        model.runDueSearch(at: .zero)
        #expect(model.issues.map(\.key) == ["12", "7"])
        type("typo", into: &model, at: .seconds(1))
        model.runDueSearch(at: .seconds(2))
        #expect(model.issues.map(\.key) == ["7"])
        model.handle(.enter, at: .seconds(2))
        #expect(model.screen == .thread(repository: "acme/rocket", number: 7), "Enter ends typing and opens")
        #expect(model.thread.count == 60)
        model.handle(.pageDown, at: .seconds(2))
        #expect(model.threadScroll.top == 21)
        model.handle(.escape, at: .seconds(3))
        #expect(model.screen == .issues(repository: "acme/rocket"))
        model.handle(.escape, at: .seconds(3))
        model.handle(.escape, at: .seconds(3))
        #expect(model.screen == .repositories)
    }

    @Test("Enter right after typing a filter opens what the filter finds, not the row selected before")
    func enterBeforeDebounce() {
        var model = model([.repositories, .issues(repository: "acme/rocket")])
        #expect(model.issues.map(\.key) == ["12", "7"])
        type("typo", into: &model, at: .seconds(1))
        model.handle(.enter, at: .seconds(1))
        #expect(model.screen == .thread(repository: "acme/rocket", number: 7))
    }

    @Test("a changed search selects its first row, though the row selected before is among its results")
    func newSearchSelectsFirst() {
        var model = model()
        type("pichu", into: &model, at: .seconds(1))
        model.runDueSearch(at: .seconds(2))
        #expect(model.selectedPokemonID == 172)
        for _ in 0..<4 { model.handle(.backspace, at: .seconds(3)) }
        model.runDueSearch(at: .seconds(4))
        #expect(shownNames(model).first == "Pikachu" && shownNames(model).contains("Pichu"), "\(shownNames(model))")
        #expect(model.selectedPokemonID == 25, "Enter opens what the list tops")
        model.handle(.down, at: .seconds(5))
        let chosen = model.selectedPokemonID
        model.refresh()
        #expect(model.selectedPokemonID == chosen, "the same search read again keeps the row chosen")

        var issues = self.model([.repositories, .issues(repository: "acme/rocket")])
        issues.handle(.down, at: .seconds(1))
        #expect(issues.issues.map(\.key) == ["12", "7"] && issues.issueCursor.selection == 1)
        type("#", into: &issues, at: .seconds(1))
        issues.runDueSearch(at: .seconds(2))
        #expect(issues.issues.count == 2 && issues.issueCursor.selection == 0, "\(issues.issues.map(\.key))")
    }

    @Test("a type's list, reached by its link, keeps the Pokémon the jump came from selected")
    func typeJumpKeepsSelection() {
        let model = followingTypeLink(fromRow: 1)
        #expect(model.searchText == "type:electric" && shownNames(model) == ["Pikachu", "Raichu", "Pichu"])
        #expect(model.selectedPokemonID == 26)
    }

    @Test("a commit while a new issue filter waits: the filter's result, when it comes, selects its first row")
    func issueRefreshBeforeSearch() {
        var issues = model([.repositories, .issues(repository: "acme/rocket")])
        issues.handle(.down, at: .seconds(1))
        type("o", into: &issues, at: .seconds(1))
        issues.refresh()
        issues.runDueSearch(at: .seconds(2))
        #expect(issues.issues.count == 2 && issues.issueCursor.selection == 0, "\(issues.issues.map(\.key))")
    }

    @Test("a pasted line break or tab separates words, as a space")
    func pastedLines() {
        var model = model()
        model.handle(.character("/"), at: .seconds(1))
        model.handle(.paste("glumanda\nmr\tmime\r\n"), at: .seconds(1))
        #expect(model.searchText == "glumanda mr mime ")
    }

    @Test("a read that fails is said on the key line; the list stays as it was")
    func failedRead() {
        var model = model([.repositories, .issues(repository: "acme/rocket")])
        #expect(model.issues.count == 2)
        source.failsIssues = true
        type("crash", into: &model, at: .seconds(1))
        model.runDueSearch(at: .seconds(2))
        #expect(model.message?.hasPrefix("cannot read the database") == true)
        #expect(model.issues.count == 2)
    }

    @Test("a commit refreshes the issue list, keeping the selected issue")
    func issueRefresh() {
        var model = model([.repositories, .issues(repository: "acme/rocket")])
        model.handle(.down, at: .zero)
        source.issueRows.insert(BrowseRow(key: "13", line: "#13 open New"), at: 0)
        model.refresh()
        #expect(model.issues.map(\.key) == ["13", "12", "7"])
        #expect(model.issues[model.issueCursor.selection].key == "7")
    }
}
