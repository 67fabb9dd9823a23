public struct EntryAbility: Sendable, Equatable {
    public let name: String
    public let displayName: String
    public let isHidden: Bool
    public let slot: Int
    /// `short_effect` in the display language, else the newest game text in it, else the
    /// English `short_effect`.
    public let shortEffect: String?
}
