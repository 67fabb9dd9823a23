/// A row of a list: what it stands for and how it is drawn.
public struct BrowseRow: Equatable, Sendable {
    /// The repository's full name, or the number.
    public let key: String
    public let line: StyledLine

    public init(key: String, line: StyledLine) {
        self.key = key
        self.line = line
    }
}
