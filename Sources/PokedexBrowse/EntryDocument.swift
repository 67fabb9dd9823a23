/// One Pokémon's entry as the pane shows it: the sections Tab and 1–5 switch between.
public struct EntryDocument: Equatable, Sendable {
    public struct Section: Equatable, Sendable {
        public let title: String
        public let lines: [StyledLine]
        /// What Enter on a line jumps to, by line index.
        public let links: [Int: BrowseLink]
        /// A picture over some of its blank lines, for kitty or iTerm2 to draw.
        public let image: SectionImage?

        public init(title: String, lines: [StyledLine], links: [Int: BrowseLink] = [:], image: SectionImage? = nil) {
            self.title = title
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
