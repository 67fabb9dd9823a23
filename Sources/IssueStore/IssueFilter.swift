import BodyCoding

/// Which stored issues a query wants.
public struct IssueFilter: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable { case open, closed, all }
    public enum Kinds: Sendable, Equatable { case issues, pullRequests, all }

    public var state: State = .open
    public var kinds: Kinds = .issues
    /// Every one of these labels (case-insensitive).
    public var labels: [String] = []
    public var author: String?
    /// Words that must all appear in the title, the body or one comment.
    public var search: String?
    public var limit = 30
    public var offset = 0

    public init() {}
}
