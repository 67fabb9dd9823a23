public struct EntryAbility: Sendable, Equatable {
    public let name: String
    public let displayName: String
    public let isHidden: Bool
    public let slot: Int
    /// `short_effect` in the display language, else English.
    public let shortEffect: String?
}
