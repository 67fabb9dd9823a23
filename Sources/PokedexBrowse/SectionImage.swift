import TerminalImages

/// A picture a section shows over some of its lines, which the source leaves blank: kitty or
/// iTerm2 draws it over those cells, so the cells stay the only text drawn.
public struct SectionImage: Equatable, Sendable {
    /// What kitty knows it by, to delete it: unique among the pictures on screen at once.
    public let id: Int
    /// The first of the section's lines it covers; it covers `image.rows` of them.
    public let line: Int
    public let image: CellImage

    public init(id: Int, line: Int, image: CellImage) {
        self.id = id
        self.line = line
        self.image = image
    }
}
