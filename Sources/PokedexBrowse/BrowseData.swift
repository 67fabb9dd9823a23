/// What `browse` shows, as the data source lays it out for a pane's width: the rows of its
/// lists and the documents its panes scroll. The source reads the store; the model knows only
/// these values, so it is tested without a database.
public protocol BrowseDataSource {
    /// Every stored Pokémon in Pokédex order, with what search compares.
    func catalog() throws -> PokedexCatalog
    /// The entry of one Pokémon, in sections, laid out `width` columns wide; nil when gone.
    func entry(id: Int, width: Int) throws -> EntryDocument?
    /// The synced repositories with their counts.
    func repositories() throws -> [BrowseRow]
    /// A repository's issues that `query` selects (words, `state:`, `label:`, `author:`), each
    /// row at most `width` columns wide.
    func issues(repository: String, query: String, width: Int) throws -> [BrowseRow]
    /// An issue with its thread, laid out `width` columns wide.
    func thread(repository: String, number: Int, width: Int) throws -> [StyledLine]
    /// A number that changes whenever another connection commits (`PRAGMA data_version`).
    func dataVersion() throws -> Int
}

/// A row of a list: what it stands for and how it is drawn.
public struct BrowseRow: Equatable, Sendable {
    /// The repository's full name, or the issue's number.
    public let key: String
    public let line: StyledLine

    public init(key: String, line: StyledLine) {
        self.key = key
        self.line = line
    }
}

/// A Pokémon in the list pane.
public struct PokemonRow: Equatable, Sendable {
    public let id: Int
    /// `#0025`.
    public let number: String
    /// In the display language, with its form (`Raichu (Alola)`).
    public let name: String
    /// Each type's display name in its colour.
    public let types: StyledLine
    public let keys: SearchKeys

    public init(id: Int, number: String, name: String, types: StyledLine, keys: SearchKeys) {
        self.id = id
        self.number = number
        self.name = name
        self.types = types
        self.keys = keys
    }
}

/// Every Pokémon listed, and the names filters accept for types and abilities.
public struct PokedexCatalog: Equatable, Sendable {
    public var rows: [PokemonRow]
    public var vocabulary: SearchVocabulary

    public init(rows: [PokemonRow] = [], vocabulary: SearchVocabulary = SearchVocabulary()) {
        self.rows = rows
        self.vocabulary = vocabulary
    }
}

/// One Pokémon's entry as the pane shows it: the sections Tab and 1–5 switch between.
public struct EntryDocument: Equatable, Sendable {
    public struct Section: Equatable, Sendable {
        public let title: String
        public let lines: [StyledLine]
        /// What Enter on a line jumps to, by line index.
        public let links: [Int: BrowseLink]

        public init(title: String, lines: [StyledLine], links: [Int: BrowseLink] = [:]) {
            self.title = title
            self.lines = lines
            self.links = links
        }

        /// The lines that lead somewhere, top to bottom.
        var linkLines: [Int] { links.keys.sorted() }
    }

    public let id: Int
    public let sections: [Section]

    public init(id: Int, sections: [Section]) {
        self.id = id
        self.sections = sections
    }
}

/// Where Enter on an evolution or a type leads.
public enum BrowseLink: Equatable, Sendable {
    case pokemon(id: Int)
    /// The Pokémon of a type, by slug: the list filtered with `type:SLUG`.
    case type(slug: String)
}
