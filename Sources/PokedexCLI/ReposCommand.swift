public struct ReposCommand: Equatable, Sendable {
    public var json = false
}
