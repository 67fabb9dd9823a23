/// `pokedex type NAME`.
public struct TypeCommand: Equatable, Sendable {
    public var query: String
    public var json = false
    public var language: String?
}
