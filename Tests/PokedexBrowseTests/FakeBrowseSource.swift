import PokedexBrowse
import PokedexStore
import TerminalImages

/// A data source of a few Pokémon, two moves and one repository, counting its reads.
final class FakeBrowseSource: BrowseDataSource {
    var rows: [PokemonRow]
    /// Each move's names in other languages and its learners, by slug.
    var moves: [String: (names: [String], learners: Set<Int>)] = [
        "thunderbolt": (["Donnerblitz", "10まんボルト"], [25, 26, 172]),
        "flamethrower": (["Flammenwurf"], [4]),
    ]
    /// How many times each move's learners were read.
    var learnerReads: [String: Int] = [:]
    var version = 1
    var issueRows: [BrowseRow] = [
        BrowseRow(key: "12", line: "#12 open Crash on launch"), BrowseRow(key: "7", line: "#7 closed Typo"),
    ]
    var failsIssues = false
    /// A picture the Entry section shows over blank lines at its top, as kitty or iTerm2 would.
    var picture: CellImage?
    /// The sprites list rows show, by Pokémon id, when `showsListSprites`; which ids were read.
    var listSprites: [Int: CellImage] = [:]
    var showsListSprites = false
    var listSpriteReads: [Int] = []
    /// Whether the catalog leaves names, abilities and the vocabulary to `searchIndex()`, as
    /// the store's does; how many times that was read.
    var defersSearchKeys = false
    var searchIndexReads = 0
    /// The widths entries were laid out for, in order.
    var entryWidths: [Int] = []
    var threadWidths: [Int] = []

    init() {
        rows = [
            Self.row(25, "Pikachu", names: ["ピカチュウ", "Pikachu"], types: ["electric"], abilities: ["static"]),
            Self.row(26, "Raichu", names: ["ライチュウ"], types: ["electric"], abilities: ["static"]),
            Self.row(4, "Charmander", names: ["Glumanda", "ヒトカゲ"], types: ["fire"], abilities: ["blaze"]),
            Self.row(172, "Pichu", names: ["ピチュー"], types: ["electric"], abilities: ["static"], generation: 2),
            Self.row(122, "Mr. Mime", names: ["Pantimos"], types: ["psychic", "fairy"], abilities: ["soundproof"]),
        ]
    }

    static func row(
        _ id: Int, _ name: String, names: [String], types: [String], abilities: [String], generation: Int = 1
    ) -> PokemonRow {
        PokemonRow(
            id: id, number: "#" + String(id), name: name, types: StyledLine(types.joined(separator: ", ")),
            keys: SearchKeys(
                slug: name.lowercased().replacing(". ", with: "-"), foldedNames: names.map(NameFolding.fold),
                types: types,
                generation: generation, abilities: abilities))
    }

    let vocabulary = SearchVocabulary(
        types: [("electric", "Elektro"), ("fire", "Feuer"), ("psychic", "Psycho"), ("fairy", "Fee")],
        abilities: [("static", "Statik"), ("blaze", "Großbrand")])

    func catalog() throws -> PokedexCatalog {
        guard defersSearchKeys else { return PokedexCatalog(rows: rows, vocabulary: vocabulary) }
        return PokedexCatalog(
            rows: rows.map { row in
                PokemonRow(
                    id: row.id, number: row.number, name: row.name, types: row.types,
                    keys: SearchKeys(
                        slug: row.keys.names[0], foldedNames: [], types: row.keys.types,
                        generation: row.keys.generation, abilities: []))
            })
    }

    func listSprite(id: Int) throws -> CellImage? {
        listSpriteReads.append(id)
        return listSprites[id]
    }

    func searchIndex() throws -> SearchIndex {
        searchIndexReads += 1
        return SearchIndex(
            foldedNames: Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.keys.names) }),
            abilities: Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.keys.abilities) }),
            vocabulary: vocabulary)
    }

    func moveSlug(_ text: String) throws -> String? {
        let folded = NameFolding.fold(text)
        return moves.first { $0.key == folded || $0.value.names.map(NameFolding.fold).contains(folded) }?.key
    }

    func learners(ofMove slug: String) throws -> Set<Int> {
        learnerReads[slug, default: 0] += 1
        return moves[slug]?.learners ?? []
    }

    /// Sixty numbered lines and one as wide as `width`, an evolution (but for Mr. Mime's) and
    /// matchups.
    func entry(id: Int, width: Int) throws -> EntryDocument? {
        entryWidths.append(width)
        let name = rows.first { $0.id == id }?.name ?? "?"
        let evolution = EntryDocument.Section(
            .evolution, lines: ["Pichu → Pikachu → Raichu", "", "→ Pichu", "→ Pikachu", "→ Raichu"],
            links: [2: .pokemon(id: 172), 3: .pokemon(id: 25), 4: .pokemon(id: 26)])
        return EntryDocument(
            id: id,
            sections: [
                .init(
                    .entry,
                    lines: Array(repeating: "", count: picture.map { $0.rows + 1 } ?? 0)
                        + (1...60).map { StyledLine("\(name) line \($0) v\(version)") }
                        + [StyledLine(String(repeating: "=", count: width))]
                        // A word no wrapping can break, as show's artwork URL.
                        + [StyledLine("Artwork http://x/" + String(repeating: "a", count: width))],
                    image: picture.map { SectionImage(id: id, line: 0, image: $0) })
            ] + (id == 122 ? [] : [evolution]) + [
                .init(
                    .matchups, lines: ["2× Ground", "½× Electric"],
                    links: [0: .type(slug: "ground"), 1: .type(slug: "electric")])
            ])
    }

    func repositories() throws -> [BrowseRow] {
        [BrowseRow(key: "acme/rocket", line: "acme/rocket  2 issues"), BrowseRow(key: "acme/dex", line: "acme/dex")]
    }

    struct ReadFailure: Error {}

    func issues(repository: String, query: String, width: Int) throws -> [BrowseRow] {
        if failsIssues { throw ReadFailure() }
        return query.isEmpty ? issueRows : issueRows.filter { $0.line.plain.lowercased().contains(query.lowercased()) }
    }

    func issueQueryProblem(_ query: String) -> String? {
        query.hasPrefix("state:bogus") ? "state:bogus is no state" : nil
    }

    func thread(repository: String, number: Int, width: Int) throws -> [StyledLine] {
        threadWidths.append(width)
        return (1...60).map { StyledLine("\(repository)#\(number) line \($0)") }
    }

    func dataVersion() throws -> Int { version }
}
