import IssueStore
import PokedexBrowse
import PokedexStore
import SQLiteDatabase
import TerminalImages
import TextUtilities

/// `browse`'s data from the read-only database, laid out by the code `show`, `issue` and
/// `issues` print with, so the app shows what they show.
final class BrowseStoreSource: BrowseDataSource {
    private let queries: PokedexEntryQueries
    private let palette: Palette?
    /// kitty or iTerm2, to draw sprites as pictures; nil for half blocks.
    private let pictures: ImageProtocol?
    /// Pokémon ids by slug, for the evolution section's links.
    private var pokemonIDs: [String: Int] = [:]

    init(queries: PokedexEntryQueries, palette: Palette?, pictures: ImageProtocol?) {
        self.queries = queries
        self.palette = palette
        self.pictures = pictures
    }

    func catalog() throws -> PokedexCatalog {
        let listed = try queries.list(offset: 0, limit: Int(Int32.max))
        pokemonIDs = Dictionary(
            listed.map { ($0.summary.name, $0.summary.id) }, uniquingKeysWith: { first, _ in first })
        let rows = listed.map { pokemon in
            let id = pokemon.summary.id
            return PokemonRow(
                id: id, number: EntryText.number(pokemon.pokedexNumber ?? id), name: EntryText.name(pokemon),
                types: line(EntryText.types(zip(pokemon.summary.types, pokemon.typeNames).map(NamedType.init))),
                keys: SearchKeys(
                    slug: pokemon.summary.name, foldedNames: [], types: pokemon.summary.types,
                    generation: pokemon.generation, abilities: []))
        }
        return PokedexCatalog(rows: rows)
    }

    func searchIndex() throws -> SearchIndex {
        SearchIndex(
            foldedNames: try queries.foldedSpeciesNamesByPokemon().merging(
                try queries.foldedFormNamesByPokemon(), uniquingKeysWith: +),
            abilities: try queries.abilitiesByPokemon(),
            vocabulary: SearchVocabulary(
                types: try queries.typeNamesInEveryLanguage(), abilities: try queries.abilityNamesInEveryLanguage()))
    }

    func moveSlug(_ text: String) throws -> String? {
        try queries.moveSlug(text)
    }

    func learners(ofMove slug: String) throws -> Set<Int> {
        Set(try queries.learnerIDs(ofMove: slug))
    }

    func entry(id: Int, width: Int) throws -> EntryDocument? {
        guard let entry = try queries.entry(id: id) else { return nil }
        let text = EntryText.entryLines(entry, width: width).map(line)
        let sprite = try sprite(id, width: width)
        var sections = [EntryDocument.Section(.entry, lines: sprite.lines + text, image: sprite.image)]
        if let chain = entry.evolution, chain.members.count > 1 {
            sections.append(evolution(chain, of: entry, width: width))
        }
        if !entry.defense.isEmpty { sections.append(matchups(entry)) }
        if let learnset = try queries.learnset(pokemonID: id, versionGroup: nil) { sections.append(moves(learnset)) }
        if let found = try queries.whereFound(pokemonID: id, versionGroup: nil), !found.places.isEmpty {
            sections.append(places(found, width: width))
        }
        return EntryDocument(id: id, sections: sections)
    }

    /// kitty alone draws list rows' sprites: iTerm2 cannot delete the ones a scroll moves.
    var showsListSprites: Bool { pictures == .kitty }

    /// Read and decoded for a row as it comes into view; a sprite that does not decode is none.
    func listSprite(id: Int) throws -> CellImage? {
        guard showsListSprites,
            let png = try PokemonImageStore(database: queries.database).body(pokemonID: id, kind: .sprite)
        else { return nil }
        return try? TerminalImage.kittyIcon(png: png, columns: 2, rows: 1)
    }

    /// The stored sprite above the entry, as `show` draws it above its text, with colours only
    /// (`NO_COLOR` draws none): a picture over blank lines for kitty or iTerm2, else half blocks;
    /// nothing for a sprite that does not decode.
    private func sprite(_ id: Int, width: Int) throws -> (lines: [StyledLine], image: SectionImage?) {
        guard palette != nil,
            let png = try PokemonImageStore(database: queries.database).body(pokemonID: id, kind: .sprite)
        else { return ([], nil) }
        // A picture is shown only where it fits whole.
        if let pictures,
            let image = try? TerminalImage.cellImage(
                png: png, protocol: pictures, maxColumns: min(Self.spriteColumns, width))
        {
            return (Array(repeating: "", count: image.rows + 1), SectionImage(id: id, line: 0, image: image))
        }
        guard let rows = try? TerminalImage.halfBlocks(png: png, maxColumns: min(Self.spriteColumns, width)) else {
            return ([], nil)
        }
        return (rows.map(StyledLine.init(halfBlocks:)) + (rows.isEmpty ? [] : [""]), nil)
    }

    /// A sprite's width at most: 96 pixels cropped to what is visible, usually under 64.
    static let spriteColumns = 40

    /// The chain as `show` draws it, then each member on a line of its own that Enter follows.
    private func evolution(_ chain: EvolutionChain, of entry: PokedexEntry, width: Int) -> EntryDocument.Section {
        var lines = EvolutionText.lines(chain, width: width).map { StyledLine($0) }
        lines.append("")
        var links: [Int: BrowseLink] = [:]
        for member in chain.members.sorted(by: { $0.position < $1.position }) {
            guard let id = pokemonIDs[member.defaultForm ?? member.speciesName] ?? pokemonIDs[member.speciesName] else {
                continue
            }
            let here = id == entry.profile.summary.id ? "  (this entry)" : ""
            links[lines.count] = .pokemon(id: id)
            // A long name is cut, not what says which member this entry is.
            let name = TerminalColumns.truncated(
                TerminalText.sanitize(member.displayName), to: max(1, width - 2 - TerminalColumns.of(here)))
            lines.append(StyledLine("→ \(name)\(here)"))
        }
        return EntryDocument.Section(.evolution, lines: lines, links: links)
    }

    /// The newest game's moves, a move to a line: by level with the level, then each other
    /// method's under its name.
    private func moves(_ learnset: Learnset) -> EntryDocument.Section {
        var lines: [StyledLine] = [StyledLine(learnset.groupName, .heading)]
        var method: String?
        for move in learnset.moves {
            if move.method != method {
                method = move.method
                let heading = learnset.methodNames[move.method] ?? SlugText.readable(move.method)
                lines += ["", StyledLine(heading, .heading)]
            }
            let name = learnset.moveNames[move.move] ?? SlugText.readable(move.move)
            let level = move.method == "level-up" ? (move.level == 0 ? "evo" : String(move.level)) : ""
            lines.append(StyledLine(level.padding(toLength: 5) + name))
        }
        return EntryDocument.Section(.moves, lines: lines)
    }

    /// Where it is met in the newest game it is met in, a place to a line, wrapped under itself
    /// where it is wider than the pane.
    private func places(_ found: WhereFound, width: Int) -> EntryDocument.Section {
        let places = found.places.flatMap { place -> [StyledLine] in
            // As `show` names it, its versions told apart ("Sword only") where they differ;
            // continued two columns in: each line fits the width less those two.
            LineWrapping.lines(EncounterText.place(place), width: width - 2).enumerated().map {
                StyledLine(($0 == 0 ? "" : "  ") + LineWrapping.printed($1))
            }
        }
        return EntryDocument.Section(.places, lines: [StyledLine(found.groupName, .heading), ""] + places)
    }

    /// Damage taken by type, a type to a line, each leading to that type's Pokémon.
    private func matchups(_ entry: PokedexEntry) -> EntryDocument.Section {
        var lines: [StyledLine] = [StyledLine("Damage taken", .heading), ""]
        var links: [Int: BrowseLink] = [:]
        for (multiplier, types) in entry.defense {
            let weakness = multiplier.value > 1 ? Emphasis.weakness(severe: multiplier.value > 2) : nil
            for type in types {
                links[lines.count] = .type(slug: type.name)
                lines.append(
                    line(StyledText(multiplier.label.padding(toLength: 6), weakness) + EntryText.types([type])))
            }
        }
        return EntryDocument.Section(.matchups, lines: lines, links: links)
    }

    func repositories() throws -> [BrowseRow] {
        let repositories = try IssueArchive(database: queries.database).repositorySummaries()
        // The counts in one column: names differ in length. One name far longer than the others
        // pushes only its own counts along.
        let nameWidth = min(40, repositories.map { TerminalColumns.of($0.fullName) }.max() ?? 0)
        return repositories.map { repository in
            let padding = String(repeating: " ", count: max(0, nameWidth - TerminalColumns.of(repository.fullName)))
            return BrowseRow(
                key: repository.fullName,
                line: StyledLine(repository.fullName, .heading)
                    + StyledLine(
                        padding + "  " + Quantities.counted(repository.issues, "issue") + " · "
                            + Quantities.counted(repository.pullRequests, "pull request") + " · "
                            + Quantities.counted(repository.comments, "comment")))
        }
    }

    func issues(repository: String, query: String, width: Int) throws -> [BrowseRow] {
        let archive = IssueArchive(database: queries.database)
        let issues: [StoredIssue]
        let searched: Bool
        if let number = IssueQueryText.number(query) {
            issues = try archive.issue(repository: repository, number: number).map { [$0] } ?? []
            searched = false
        } else {
            let filter = IssueQueryText.filter(query)
            issues = try archive.issues(repository: repository, filter: filter)
            searched = filter.search != nil
        }
        let table = IssueText.table(issues, searched: searched, width: width).dropFirst()
        return zip(issues, table).map { BrowseRow(key: String($0.number), line: line($1)) }
    }

    func issueQueryProblem(_ query: String) -> String? {
        IssueQueryText.problem(query)
    }

    func thread(repository: String, number: Int, width: Int) throws -> [StyledLine] {
        let archive = IssueArchive(database: queries.database)
        guard let issue = try archive.issue(repository: repository, number: number) else {
            return [StyledLine("#\(number) is no longer stored")]
        }
        let thread = try archive.thread(repository: repository, number: number)
        return IssueText.detailLines(issue, thread, width: width).map(line)
    }

    func dataVersion() throws -> Int {
        try queries.dataVersion()
    }

    /// As `show` says it: a damaged file named with what to do, not the statement that met it.
    func describe(_ error: any Error) -> String {
        PokedexCLI.describe(error).message
    }

    /// `text`'s runs with their emphasis as cell styles: bold, and colours where there is a palette.
    private func line(_ text: StyledText) -> StyledLine {
        StyledLine(
            text.runs.map { run in
                var style = CellStyle(bold: run.emphasis?.bold ?? false)
                if palette != nil, let color = run.emphasis?.color {
                    let rgb = Palette.rgb(color)
                    style.foreground = RGBColor(red: UInt8(rgb.red), green: UInt8(rgb.green), blue: UInt8(rgb.blue))
                }
                return StyledLine.Run(LineWrapping.printed(run.text), style)
            })
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}
