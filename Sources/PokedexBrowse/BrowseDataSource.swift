import TerminalImages

/// What `browse` shows, as the data source lays it out for a pane's width: the rows of its
/// lists and the documents its panes scroll. The source reads the store; the model knows only
/// these values, so it is tested without a database.
public protocol BrowseDataSource {
    /// Every stored Pokémon in Pokédex order, with what the list shows; its search keys may
    /// wait for ``searchIndex()``.
    func catalog() throws -> PokedexCatalog
    /// Whether each list row leaves two cells blank before its number for its sprite: kitty
    /// only, which deletes a picture by id; iTerm2 cannot, and half blocks need more than a row.
    var showsListSprites: Bool { get }
    /// Pokémon `id`'s stored sprite for kitty to scale into a list row's two cells; nil when
    /// none is stored. Asked for the rows in view only, so a start reads no other sprite.
    func listSprite(id: Int) throws -> CellImage?
    /// The names and abilities searches compare, read once the first frame is drawn.
    func searchIndex() throws -> SearchIndex
    /// The slug of the move `text` names: its slug, id, or name in any stored language, folded
    /// as names are; nil when no stored move is named so.
    func moveSlug(_ text: String) throws -> String?
    /// The ids of the Pokémon that learn the move `slug` in any game, by any method.
    func learners(ofMove slug: String) throws -> Set<Int>
    /// The entry of one Pokémon, in sections, laid out `width` columns wide; nil when gone.
    func entry(id: Int, width: Int) throws -> EntryDocument?
    /// The synced repositories with their counts.
    func repositories() throws -> [BrowseRow]
    /// A repository's issues that `query` selects (words, `state:`, `label:`, `author:`), each
    /// row at most `width` columns wide.
    func issues(repository: String, query: String, width: Int) throws -> [BrowseRow]
    /// Why `query` selects no issue whatever is stored (`state:bogus`), said in a line; nil
    /// when it is well formed.
    func issueQueryProblem(_ query: String) -> String?
    /// An issue with its thread, laid out `width` columns wide.
    func thread(repository: String, number: Int, width: Int) throws -> [StyledLine]
    /// A number that changes whenever another connection commits (`PRAGMA data_version`).
    func dataVersion() throws -> Int
    /// What the status line says of a failure of the source's: one line, as the commands say it.
    func describe(_ error: any Error) -> String
}

extension BrowseDataSource {
    public func describe(_ error: any Error) -> String { "cannot read the database: \(error)" }

    /// For a source whose catalog holds every key already.
    public func searchIndex() throws -> SearchIndex {
        let catalog = try catalog()
        return SearchIndex(
            foldedNames: Dictionary(
                catalog.rows.map { ($0.id, $0.keys.names) }, uniquingKeysWith: { first, _ in first }),
            abilities: Dictionary(
                catalog.rows.map { ($0.id, $0.keys.abilities) }, uniquingKeysWith: { first, _ in first }),
            vocabulary: catalog.vocabulary)
    }
}
