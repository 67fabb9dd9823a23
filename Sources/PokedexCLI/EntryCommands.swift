import PokedexStore

/// `show`, `list`, `type` and `ability`: the Pokédex entry's queries, in a display language.
extension CommandRunner {
    /// The queries in the display language: `--lang`, else `POKEDEX_LANG`, else `en`, matched
    /// case-insensitively to a stored language, a locale name too (`ja_JP.UTF-8`, `zh_TW`:
    /// ``LanguageOption/candidates(_:)``). An unknown code is a usage error listing the stored
    /// ones; a database with no species names accepts any well-formed code.
    func openQueries(language requested: String?, anyKind: Bool = false) throws -> PokedexEntryQueries {
        let catalog = try openCatalog(anyKind: anyKind)
        let environmentLanguage = environment["POKEDEX_LANG"].flatMap { $0.isEmpty ? nil : $0 }
        let given = requested ?? environmentLanguage ?? "en"
        let code = LanguageOption.normalized(given)
        let source = requested != nil ? "--lang" : environmentLanguage != nil ? "POKEDEX_LANG" : "--lang"
        let queries = PokedexEntryQueries(database: catalog.database)
        for candidate in LanguageOption.candidates(code) {
            if let language = try queries.storedLanguage(candidate) {
                return PokedexEntryQueries(database: catalog.database, language: language)
            }
        }
        let stored = try queries.languages()
        if stored.isEmpty {
            guard LanguageOption.isWellFormed(code) else {
                throw CommandFailure(
                    message: "\(source) needs a language code such as en, fr or zh-hant, not '\(given)'",
                    exitCode: .usage)
            }
            return PokedexEntryQueries(database: catalog.database, language: code.lowercased())
        }
        throw CommandFailure(
            message: "\(source) '\(given)' is not a stored language (stored: \(stored.joined(separator: ", ")))",
            exitCode: .usage)
    }

    func show(_ command: ShowCommand) throws {
        let queries = try openQueries(language: command.language)
        let (id, alsoNamed) = try pokemon(command.query, in: queries)
        guard var entry = try queries.entry(id: id) else {
            throw CommandFailure(message: "no Pokémon with id \(id) in the local data", exitCode: .notFound)
        }
        entry.alsoNamed = alsoNamed
        let group = try command.game.map { try game($0, queries) }
        entry.learnset = try queries.learnset(pokemonID: id, versionGroup: group)
        entry.whereFound = try queries.whereFound(pokemonID: id, versionGroup: group)
        let images = try PokemonImageStore(database: queries.database).states(pokemonID: id)
        if command.json {
            console.print(DisplayText(json: EntryJSON.entry(entry, images: images)))
        } else {
            try drawSprite(of: entry, command, from: queries.database)
            console.print(EntryText.entry(entry, layout: layout, everyMove: command.everyMove))
        }
    }

    /// The id a name, slug or id means, with the other Pokémon the name means in other
    /// languages; unknown, exit 66 with "did you mean".
    func pokemon(_ query: String, in queries: PokedexEntryQueries) throws -> (id: Int, alsoNamed: [AlsoNamed]) {
        // Guesses are made only when the message needs them: not for a name of another kind.
        switch try queries.storedPokemon(query) {
        case .found(let id, let alsoNamed):
            return (id, alsoNamed)
        case .speciesOnly(let species, let displayName):
            throw CommandFailure(
                message: "\(displayName) (\(species)) is stored only as a species an evolution chain names, "
                    + "not as a Pokémon: a whole `pokedex sync` (no --offset/--limit) stores it",
                exitCode: .notFound)
        case .notFound, nil:
            throw try Self.notFound(
                query, what: "Pokémon", partialScope: try queries.partialSyncScope(),
                elsewhere: { try queries.kinds(naming: query, other: .pokemon) },
                suggestions: { try queries.pokemonSuggestions(for: query) })
        }
    }

    /// "no move with id 0", or "no move named 'x'" with the nearest names. A query without
    /// a letter (`0`, `-1`) is offered none: names close to digits are no guess. Of local data
    /// that only a partial sync made, the message says so: what is asked for may be there.
    /// A name another kind has exactly (`move pikachu`) is said to be that kind's, with the
    /// command that shows it, instead of guesses.
    static func notFound(
        _ query: String, what: String, partialScope: String? = nil,
        elsewhere: () throws -> [(kind: ShownKind, slug: String)], suggestions: () throws -> [String]
    ) rethrows -> CommandFailure {
        let partial =
            partialScope.map { "; it holds a partial sync (\($0)): a whole `pokedex sync` stores the rest" } ?? ""
        // An id as lookups read it: full-width digits (２５), `#0025`.
        if let id = PokedexEntryQueries.id(query) {
            return CommandFailure(message: "no \(what) with id \(id) in the local data" + partial, exitCode: .notFound)
        }
        var hint = ""
        if query.contains(where: \.isLetter) {
            let others = try elsewhere()
            hint = others.isEmpty ? Self.hint(try suggestions()) : Self.hint(naming: others)
        }
        return CommandFailure(
            message: "no \(what) named '\(query)' in the local data" + hint + partial, exitCode: .notFound)
    }

    static func hint(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
    }

    /// "; that is the name of a Pokémon (pokedex show pikachu)".
    static func hint(naming others: [(kind: ShownKind, slug: String)]) -> String {
        "; that is the name of "
            + others.map { "\($0.kind.withArticle) (pokedex \($0.kind.command) \($0.slug))" }
            .joined(separator: " and ")
    }

    func list(_ command: ListCommand) throws {
        let queries = try openQueries(language: command.language)
        let slug = try command.type.map { type in
            try resolve(type, what: "type", in: queries, slug: queries.typeSlug, suggestions: queries.typeSuggestions)
        }
        let move = try command.learns.map { move in
            try resolve(move, what: "move", in: queries, slug: queries.moveSlug, suggestions: queries.moveSuggestions)
        }
        let group = try command.game.map { try game($0, queries) }
        let listed = try queries.list(
            offset: command.offset, limit: command.limit, type: slug, generation: command.generation, learns: move,
            versionGroup: group)
        if command.json {
            console.print(DisplayText(json: .array(listed.map(EntryJSON.listed))))
            return
        }
        // Like `issues`, an empty or cut answer is no error (exit 0), but a person is told.
        let note = ListingNote(
            singular: "Pokémon stored", plural: "Pokémon stored",
            filters: [
                slug.map { ListingNote.option("--type", $0) }, command.generation.map { "--generation \($0)" },
                move.map { ListingNote.option("--learns", $0) }, group.map { ListingNote.option("--game", $0) },
            ].compactMap { $0 },
            offset: command.offset)
        let total = {
            try queries.count(type: slug, generation: command.generation, learns: move, versionGroup: group)
        }
        guard !listed.isEmpty else {
            // As `move` says it: a game PokeAPI gives no learnsets for (the expansions) is no
            // game where nothing learns the move.
            let unknown = try move != nil && group.map { try !queries.hasLearnsets($0) } == true
            self.note(
                note.nothingShown(
                    total: command.offset > 0 ? try total() : 0,
                    because: unknown ? "no learnsets of that game are stored" : nil))
            return
        }
        let layout = self.layout
        console.print(layout.render(EntryText.table(listed, width: layout.width)))
        if listed.count == command.limit, let more = note.more(shown: listed.count, total: try total()) {
            self.note(more)
        }
    }

    func type(_ command: TypeCommand) throws {
        let queries = try openQueries(language: command.language)
        let slug = try resolve(
            command.query, what: "type", in: queries, slug: queries.typeSlug, suggestions: queries.typeSuggestions)
        let entry = try queries.typeEntry(slug: slug)
        console.print(command.json ? DisplayText(json: EntryJSON.type(entry)) : EntryText.type(entry, layout: layout))
        try notePartialSync(queries)
    }

    func ability(_ command: AbilityCommand) throws {
        let queries = try openQueries(language: command.language)
        let slug = try resolve(
            command.query, what: "ability", in: queries, slug: queries.abilitySlug,
            suggestions: queries.abilitySuggestions)
        let entry = try queries.abilityEntry(slug: slug)
        console.print(
            command.json ? DisplayText(json: EntryJSON.ability(entry)) : EntryText.ability(entry, layout: layout))
        try notePartialSync(queries)
    }

    /// The version group `--game` names (a version's id names its group), or exit 66 with the nearest.
    func game(_ text: String, _ queries: PokedexEntryQueries) throws -> String {
        try resolve(
            text, what: "game (version group or version)", in: queries, slug: queries.versionGroupSlug,
            suggestions: queries.versionGroupSuggestions)
    }

    /// The slug a move's, a type's, an ability's or a place's name means; unknown, exit 66
    /// with "did you mean".
    func resolve(
        _ query: String, what: String, in queries: PokedexEntryQueries, slug: (String) throws -> String?,
        suggestions: (String) throws -> [String]
    ) throws -> String {
        if let found = try slug(query) { return found }
        throw try Self.notFound(
            query, what: what, partialScope: try queries.partialSyncScope(),
            elsewhere: { try ShownKind(rawValue: what).map { try queries.kinds(naming: query, other: $0) } ?? [] },
            suggestions: { try suggestions(query) })
    }
}

extension ShownKind {
    /// "a Pokémon", "an item".
    var withArticle: String {
        switch self {
        case .pokemon: "a Pokémon"
        case .item, .ability: "an \(rawValue)"
        case .move, .location, .type: "a \(rawValue)"
        }
    }

    /// The command that shows one: `show`, `move`.
    var command: String { self == .pokemon ? "show" : rawValue }
}
