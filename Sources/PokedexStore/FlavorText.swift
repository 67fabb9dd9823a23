public struct FlavorText: Sendable, Equatable {
    public let text: String
    public let version: String
    public let language: String
}
