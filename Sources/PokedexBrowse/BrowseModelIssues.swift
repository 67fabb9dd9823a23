/// The issue mirror's screens: repositories → issues (filtered as you type) → the thread.
extension BrowseModel {
    mutating func handleIssues(_ event: InputEvent, at now: Duration) {
        switch screen {
        case .repositories: handleRepositories(event, at: now)
        case .issues: handleIssueList(event, at: now)
        case .thread: handleThread(event)
        case .pokedex: break
        }
    }

    private mutating func handleRepositories(_ event: InputEvent, at now: Duration) {
        if event == .enter, repositories.indices.contains(repositoryCursor.selection) {
            screens.append(.issues(repository: repositories[repositoryCursor.selection].key))
            issues = []
            issuesText = ""
            issueQueryProblem = nil
            issueCursor = ListCursor()
            searchText = ""
            search.runNow("", at: now)
            return
        }
        _ = repositoryCursor.move(for: event, count: repositories.count, visible: layout.bodyRows)
    }

    private mutating func handleIssueList(_ event: InputEvent, at now: Duration) {
        guard case .issues(let repository) = screen else { return }
        if editsSearch, event == .enter {
            // Ends typing and opens the thread, as in the Pokédex: of the text typed, whose
            // search (read here, not on a thread) is run now rather than after its debounce.
            editsSearch = false
            search.runNow(searchText, at: now)
            _ = startDueSearch(at: now)
            return openSelectedIssue(of: repository)
        }
        if editsSearch, editSearch(event, at: now) { return }
        if issueCursor.move(for: event, count: issues.count, visible: layout.bodyRows) { return }
        switch event {
        case .enter:
            openSelectedIssue(of: repository)
        case .escape, .backspace, .left:
            if !searchText.isEmpty {
                searchText = ""
                search.runNow("", at: now)
            } else if screens.count > 1 {
                screens.removeLast()
            }
        case .character("/"):
            beginNewSearch()
        case .character, .paste:
            startSearch(event, at: now)
        default:
            break
        }
    }

    private mutating func openSelectedIssue(of repository: String) {
        guard issues.indices.contains(issueCursor.selection), let number = Int(issues[issueCursor.selection].key)
        else { return }
        screens.append(.thread(repository: repository, number: number))
        thread = []
        threadScroll = ListCursor()
    }

    private mutating func handleThread(_ event: InputEvent) {
        let page = max(1, layout.bodyRows - 1)
        let delta: Int? =
            switch event {
            case .down, .character("j"): 1
            case .up, .character("k"): -1
            case .pageDown, .character(" "), .control("f"): page
            case .pageUp, .control("b"): -page
            case .home, .character("g"): -Int(Int32.max)
            case .end, .character("G"): Int(Int32.max)
            case .wheel(let up, _, _): up ? -3 : 3
            default: nil
            }
        if let delta {
            threadScroll.scroll(by: delta, count: thread.count, visible: layout.bodyRows)
        } else if [.escape, .backspace, .left, .character("h")].contains(event) {
            screens.removeLast()
        }
    }
}
