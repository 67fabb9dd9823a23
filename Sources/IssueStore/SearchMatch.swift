import BodyCoding

/// Where an issue matched `--search`: its title, its body, its comments (any of them).
public struct SearchMatch: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let title = SearchMatch(rawValue: 1)
    public static let body = SearchMatch(rawValue: 2)
    public static let comments = SearchMatch(rawValue: 4)

    /// The names `issues` prints and `--json` gives, in this order.
    public var names: [String] {
        [(Self.title, "title"), (.body, "body"), (.comments, "comments")].compactMap { contains($0.0) ? $0.1 : nil }
    }
}
