public struct ReposCommand: Equatable, Sendable {
    public var json = false
    /// `--forget OWNER/REPO` or `--forget OWNER`: what to remove instead of listing.
    public var forget: String?
    /// `--yes`: remove without asking.
    public var confirmed = false
}
