/// `pokedex ability NAME`.
public struct AbilityCommand: Equatable, Sendable {
    public var query: String
    public var json = false
    public var language: String?
}
