import TerminalImages

public struct ShowCommand: Equatable, Sendable {
    public var query: String
    public var json = false
    /// `--lang`, as a code (``LanguageOption/normalized(_:)``), matched to a stored language when run.
    public var language: String?
    /// Whether the stored sprite is drawn above the entry (`--image`).
    public var image = ImageDisplayMode.auto
    /// `--image-protocol`: how to draw it; nil chooses from the environment.
    public var imageProtocol: ImageProtocol?
    /// `--game`: the version group whose moves are listed; nil for the newest.
    public var game: String?
    /// `--moves all`: every method's moves named, not only level-up's.
    public var everyMove = false
}
