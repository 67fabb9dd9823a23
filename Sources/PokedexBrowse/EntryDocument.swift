/// One Pokémon's entry as the pane shows it: the sections Tab and 1–5 switch between.
public struct EntryDocument: Equatable, Sendable {
    /// The sections an entry may have, each under its own number key whether or not a
    /// Pokémon has it (one without an evolution still has its moves under 4).
    public enum Kind: Int, CaseIterable, Sendable {
        case entry = 1
        case evolution, matchups, moves, places

        public var title: String {
            switch self {
            case .entry: "Entry"
            case .evolution: "Evolution"
            case .matchups: "Matchups"
            case .moves: "Moves"
            case .places: "Where"
            }
        }

        /// What the tabs say where the titles do not fit.
        var shortTitle: String {
            switch self {
            case .entry: "Entry"
            case .evolution: "Evo"
            case .matchups: "Types"
            case .moves: "Moves"
            case .places: "Where"
            }
        }
    }

    public struct Section: Equatable, Sendable {
        public let kind: Kind
        public let lines: [StyledLine]
        /// What Enter on a line jumps to, by line index.
        public let links: [Int: BrowseLink]
        /// A picture over some of its blank lines, for kitty or iTerm2 to draw.
        public let image: SectionImage?

        public init(_ kind: Kind, lines: [StyledLine], links: [Int: BrowseLink] = [:], image: SectionImage? = nil) {
            self.kind = kind
            self.lines = lines
            self.links = links
            self.image = image
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
