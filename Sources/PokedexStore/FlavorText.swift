public struct FlavorText: Sendable, Equatable {
    public let text: String
    public let version: String
    public let language: String
    /// The version's name in the display language, else English, where stored.
    public var versionName: String? = nil
}
