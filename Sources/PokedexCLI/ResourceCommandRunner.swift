import PokedexStore

extension CommandRunner {
    /// `move`, `item`, `location`: the name resolved among the kind's stored resources (exit 66
    /// with "did you mean" when none), then its entry as text or JSON.
    func resource(_ command: ResourceCommand) throws {
        let queries = try openQueries(language: command.language, anyKind: true)
        let kind = command.kind.rawValue
        let slug = try resolve(
            command.query, what: kind, in: queries, slug: { try queries.resourceSlug($0, kind: kind) },
            suggestions: { try queries.resourceSuggestions(for: $0, kind: kind) })
        let group = try command.game.map { try game($0, queries) }
        let output: DisplayText
        switch command.kind {
        case .move:
            let entry = try queries.moveEntry(slug: slug, versionGroup: group)
            output = command.json ? DisplayText(json: MoveJSON.entry(entry)) : MoveText.entry(entry, layout: layout)
        case .item:
            let entry = try queries.itemEntry(slug: slug, versionGroup: group)
            output = command.json ? DisplayText(json: ItemJSON.entry(entry)) : ItemText.entry(entry, layout: layout)
        case .location:
            let entry = try queries.locationEntry(slug: slug, versionGroup: group)
            output =
                command.json ? DisplayText(json: LocationJSON.entry(entry)) : LocationText.entry(entry, layout: layout)
        }
        console.print(output)
        try notePartialSync(queries)
        let others = try queries.otherResources(named: command.query, kind: kind, than: slug)
        if !others.isEmpty {
            note("'\(command.query)' also names \(others.joined(separator: ", ")): give one of those to see it")
        }
    }

    /// Who learns a move, holds an item, is met in a place, has a type or an ability is of the
    /// Pokémon stored: after a partial sync, a few. Said on stderr, after the entry.
    func notePartialSync(_ queries: PokedexEntryQueries) throws {
        guard let scope = try queries.partialSyncScope() else { return }
        note(
            "the local data holds a partial sync (\(scope)): the Pokémon named here are those it stored; "
                + "a whole `pokedex sync` stores the rest")
    }
}
