/// A resource URL whose last path segment is not a positive integer id.
public struct ResourceURLError: Error, Equatable, CustomStringConvertible {
    public let url: String
    public var description: String { "no id at the end of resource URL \"\(url)\"" }
}
