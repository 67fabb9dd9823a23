public struct ListCommand: Equatable, Sendable {
    public var offset = 0
    public var limit = 20
    /// A type slug, or a type's display name folded (`NameFolding`), resolved when run.
    public var type: String?
    public var json = false
    public var generation: Int?
    /// `--learns`: a move as typed, resolved to its slug when run; `--game`: its version group.
    public var learns: String?
    public var game: String?
    public var language: String?
}
