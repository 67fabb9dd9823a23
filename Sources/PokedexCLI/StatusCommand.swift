public struct StatusCommand: Equatable, Sendable {
    public var json = false
}
